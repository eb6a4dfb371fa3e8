import type { AppDb } from '../../db/app-db.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import { NOTIFICATION_TIPO } from '../../../contract/notification-kinds.ts';
import { GroupResponseSchema } from '../../../contract/schemas/groups.ts';
import type { InvitationState } from '../../../contract/schemas/notification-data.ts';
import type { Applier } from '../outbox/appliers.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';
import { storeGroupDetail } from './groups.ts';

// Answering a group invitation from its notification (POST grupos/{id}/aceitarConvite | ignorarConvite,
// docs/api/social.md "Groups"), through the outbox: offline too, and the notice shows the answer at once.

export const INVITATION_KINDS = { aceitar: 'group.acceptInvitation', ignorar: 'group.ignoreInvitation' } as const;
export type InvitationAnswer = keyof typeof INVITATION_KINDS;

const GROUPS = '/api/client/common/grupos';

/** Every invitation notice of the group on this phone takes the state (each day's notice of it is the same invitation). */
async function markNotices(tx: StoreTables, groupId: string, state: InvitationState): Promise<void> {
  const rows = await tx.notifications.toArray();
  const notices = rows.filter((row) => row.data.tipo === NOTIFICATION_TIPO.groupInvitation && row.data.recurso?.id === groupId);
  await tx.notifications.bulkPut(notices.map((row) => ({ ...row, data: { ...row.data, dados: { ...row.data.dados, convite: state } } })));
}

export function answerGroupInvitation(db: AppDb, input: { userId: string; groupId: string; answer: InvitationAnswer }): Promise<number> {
  const { groupId, answer } = input;
  return enqueueMutation(db, {
    userId: input.userId,
    kind: INVITATION_KINDS[answer],
    method: 'POST',
    path: `${GROUPS}/${encodeURIComponent(groupId)}/${answer === 'aceitar' ? 'aceitarConvite' : 'ignorarConvite'}`,
    body: null,
    ref: { table: 'groupInvitations', id: groupId },
    optimistic: (_mutationId, tx) => markNotices(tx, groupId, answer === 'aceitar' ? 'aceite' : 'ignorado'),
  });
}

/** An accepted invitation stores the group (it is the user's now); a discarded answer puts the notice back to waiting. */
export const invitationApplier: Applier = {
  async applied(db, entry, body) {
    if (entry.kind !== INVITATION_KINDS.aceitar) return;
    const parsed = GroupResponseSchema.safeParse(body);
    if (parsed.success) await storeGroupDetail(db, parsed.data.grupo);
    await db.syncMeta.delete('groups');
  },
  async discarded(db, entry) {
    if (entry.ref) await markNotices(db, entry.ref.id, 'pendente');
  },
};
