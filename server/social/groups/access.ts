import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import type { AllowedSenders } from '../../../contract/schemas/groups.ts';
import type { AppEnv } from '../../hono-env.ts';
import type { Outcome, Trx } from '../../idempotency/idempotent.ts';
import { refuse } from '../../idempotency/idempotent.ts';
import { findGroup, findMembership, placeOf, type GroupPlace, type GroupRow, type MemberRow } from './repo.ts';

export function toAllowedSenders(value: boolean | AllowedSenders): AllowedSenders {
  if (typeof value === 'boolean') return value ? 'admins' : 'all';
  return value;
}

/** SPEC §6: the creator and administrators manage a group; members and non-members do not. */
export function canManage(place: GroupPlace): boolean {
  return place === 'criador' || place === 'administrador';
}

export interface GroupContext {
  group: GroupRow;
  membership: MemberRow | undefined;
  place: GroupPlace;
}

/** Loads the group and the caller's place in it inside the transaction, or the refusal (404 unknown group). */
export async function loadGroupContext(c: Context<AppEnv>, trx: Trx, groupId: string): Promise<GroupContext | Outcome> {
  const group = await findGroup(trx, groupId);
  if (!group) return refuse(404, MSG.notFound);
  const me = c.get('user').id;
  const membership = await findMembership(trx, groupId, me);
  return { group, membership, place: placeOf(group, me, membership) };
}

export function isOutcome(value: GroupContext | Outcome): value is Outcome {
  return 'status' in value && 'body' in value;
}

/** The refusal a paying-required member gets: 403 with `tipo` and `message` (DESIGN §6 subscription problems). */
export function mustPayRefusal(groupId: string): Outcome {
  return refuse(403, MSG.groupMustPay, { tipo: 'grupo', grupoId: groupId });
}
