import { PostgresAdapter } from 'kysely';
import { GROUP_MAX_USERS } from '../../../contract/schemas/groups.ts';
import type { Trx } from '../../idempotency/idempotent.ts';
import { countUsers, findMembership } from './repo.ts';

/** Where a user stands for a place in a group: already a member, a place is free for them, or the group is full. */
export type Seat = 'member' | 'free' | 'full';

/**
 * Whether a user may take a place in the group (SPEC §5, §9: 30 users with the creator), decided so that two
 * transactions taking the last place cannot both see it free. On PostgreSQL the group row is locked until the
 * transaction ends, so a second taker waits and then sees the first one's row (READ COMMITTED reads anew on each
 * statement). SQLite runs one write transaction at a time on its single connection, which serialises them already.
 * Every path that adds a member (adding, joining, a confirmed payment) asks this in its own transaction, before it
 * writes.
 */
export async function seatFor(trx: Trx, groupId: string, userId: string): Promise<Seat> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx.selectFrom('grupos').select('id').where('id', '=', groupId).forUpdate().execute();
  }
  if (await findMembership(trx, groupId, userId)) return 'member';
  return (await countUsers(trx, groupId)) < GROUP_MAX_USERS ? 'free' : 'full';
}
