import type { AppDb } from '../../db/app-db.ts';
import { call } from '../../api/http.ts';
import { startedPayment, type StartedPayment } from '../../lib/licence-rules.ts';
import type { PublicUser } from '../../../contract/schemas/auth.ts';
import { GroupSubscribeResponseSchema, type GroupPlanName } from '../../../contract/schemas/groups.ts';
import { UserSearchResponseSchema } from '../../../contract/schemas/profile.ts';
import { normalizeUsername } from '../../../contract/normalize.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';

// The group drawer and the paywall (SPEC §2, §4, §6): the user search that adds members, a member added through the
// outbox, and the subscription that opens the payment frame. The group's detail is pulled by resources/groups.ts.

const GROUPS = '/api/client/common/grupos';

/** The search term as the server takes it (SPEC §5: slugified, at most 50 characters). */
export function groupSearchTerm(raw: string): string {
  return normalizeUsername(raw).slice(0, 50);
}

export type UserSearchOutcome = { kind: 'ok'; users: PublicUser[] } | { kind: 'error'; message: string };

/** GET /api/client/public/search/{term}/usuarios with the slugified term; an empty term finds nobody. */
export async function searchUsersToAdd(raw: string): Promise<UserSearchOutcome> {
  const term = groupSearchTerm(raw);
  if (!term) return { kind: 'ok', users: [] };
  const result = await call(`/api/client/public/search/${encodeURIComponent(term)}/usuarios?size=20`, { schema: UserSearchResponseSchema });
  if (result.kind !== 'ok') return { kind: 'error', message: result.message };
  return { kind: 'ok', users: result.data.data };
}

/**
 * Adds a member through the outbox (kind group.addMember, folded by groupApplier). The person found by the search is
 * kept among the users seen, so the drawer can name them while the addition waits to be sent.
 */
export function addGroupMember(db: AppDb, input: { userId: string; groupId: string; member: PublicUser }): Promise<number> {
  const { member, groupId } = input;
  return enqueueMutation(db, {
    userId: input.userId,
    kind: 'group.addMember',
    method: 'GET',
    path: `${GROUPS}/${encodeURIComponent(groupId)}/adicionarUsuario/${encodeURIComponent(member.id)}`,
    body: null,
    ref: { table: 'groups', id: groupId },
    optimistic: async (mutationId, tx) => {
      const known = await tx.users.get(member.id);
      await tx.users.put({ id: member.id, nomeUsuario: member.nomeUsuario, data: { ...known?.data, ...member }, seenAt: Date.now() });
      const row = await tx.groups.get(groupId);
      if (row) await tx.groups.put({ ...row, pendingMutationId: mutationId });
    },
  });
}

export type GroupSubscribeOutcome = ({ kind: 'ok' } & StartedPayment) | { kind: 'refused'; message: string } | { kind: 'network'; message: string };

/** GET grupos/{id}/subscrever/{plan}: a payment to open in the EMIS frame (needs the network, never queued). */
export async function subscribeToGroup(groupId: string, plan: GroupPlanName): Promise<GroupSubscribeOutcome> {
  const result = await call(`${GROUPS}/${encodeURIComponent(groupId)}/subscrever/${encodeURIComponent(plan)}`, { schema: GroupSubscribeResponseSchema });
  if (result.kind === 'network') return { kind: 'network', message: result.message };
  if (result.kind !== 'ok') return { kind: 'refused', message: result.message };
  return { kind: 'ok', ...startedPayment(result.data.respostaEmis) };
}
