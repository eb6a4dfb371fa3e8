import { NOTIFICATION_TIPO } from '../../../contract/notification-kinds.ts';
import type { InvitationState, NotificationData } from '../../../contract/schemas/notification-data.ts';
import { DEFAULT_GROUP_ADD_POLICY, type GroupAddPolicy } from '../../../contract/group-add-policy.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { angolaDayOf } from '../../explore/angola-day.ts';
import type { After, Trx } from '../../idempotency/idempotent.ts';
import { notify } from '../../notify/notify.ts';
import type { Signals } from '../../signals/signals.ts';
import { isFollowing } from '../profile/repo.ts';
import type { SignalSender } from '../../../contract/schemas/signals.ts';
import type { GroupRow } from './repo.ts';

type Reader = Kysely<Database>;

// Who may put a user into a group, and the invitation everyone else sends instead
// (docs/decisions.md "Group invitations and merged notifications"). As Telegram's "Who can add me to group chats":
// everyone, the people the user follows (the default), or nobody; an add the setting does not allow becomes an
// invitation, which the user accepts (through the same seat and paywall rules as any add) or ignores.

/** An invitation not answered in this many days is gone (WhatsApp's group invitations expire after 3 days). */
export const INVITATION_DAYS = 7;

export async function groupAddPolicy(db: Reader, userId: string): Promise<GroupAddPolicy> {
  const row = await db.selectFrom('privacidade').select('adicionar_grupos').where('usuario_id', '=', userId).executeTakeFirst();
  return row?.adicionar_grupos ?? DEFAULT_GROUP_ADD_POLICY;
}

/** Whether the target's setting lets this user add them straight in: 'seguidos' means the target follows the adder. */
export async function mayAddDirectly(db: Reader, input: { actorId: string; targetId: string }): Promise<boolean> {
  const policy = await groupAddPolicy(db, input.targetId);
  if (policy === 'todos') return true;
  if (policy === 'ninguem') return false;
  return isFollowing(db, input.targetId, input.actorId);
}

/** The Luanda day of `now`: notification keys with it tell a user of the same thing once a day. */
export function dayKey(now: Date): string {
  return angolaDayOf(now).day;
}

/** Invitation notifications of one group for one user (every day's). */
function invitationNotices(trx: Trx, userId: string, groupId: string) {
  return trx
    .updateTable('notificacoes')
    .where('usuario_id', '=', userId)
    .where('tipo', '=', NOTIFICATION_TIPO.groupInvitation)
    .where('recurso_tipo', '=', 'grupo')
    .where('recurso_id', '=', groupId);
}

/** Writes where the user's invitations to the group stand into their notifications, quietly (no counter, no signal). */
export async function markInvitationNotices(trx: Trx, input: { userId: string; group: Pick<GroupRow, 'id' | 'nome'>; state: InvitationState }) {
  const dados: NotificationData = { grupo: input.group.nome, convite: input.state };
  await invitationNotices(trx, input.userId, input.group.id).set({ dados: JSON.stringify(dados) }).execute();
}

/**
 * Invites the user to the group: one invitation per group and user (asking again renews it), and one notification
 * per group a day however often it is asked. A repeat on the same day only sets that day's notice back to waiting.
 */
export async function inviteToGroup(
  trx: Trx,
  input: { group: GroupRow; targetId: string; inviter: SignalSender | null; inviterId: string; now: Date },
  delivery: { signals: Signals; after: After },
): Promise<void> {
  const { group, targetId, now } = input;
  const createdAt = now.toISOString();
  await trx
    .insertInto('grupo_convites')
    .values({ grupo_id: group.id, usuario_id: targetId, convidado_por: input.inviterId, created_at: createdAt })
    .onConflict((conflict) => conflict.columns(['grupo_id', 'usuario_id']).doUpdateSet({ convidado_por: input.inviterId, created_at: createdAt }))
    .execute();
  const told = await notify(
    trx,
    {
      userId: targetId,
      tipo: NOTIFICATION_TIPO.groupInvitation,
      mensagem: `${input.inviter?.nome ?? 'Um usuario'} convidou-te para o grupo ${group.nome}`,
      counter: 'newNotification',
      sender: input.inviter,
      recurso: { tipo: 'grupo', id: group.id },
      dados: { grupo: group.nome, convite: 'pendente' },
      chave: `grupoConvite:${group.id}:${dayKey(now)}`,
    },
    delivery,
  );
  if (!told) await markInvitationNotices(trx, { userId: targetId, group, state: 'pendente' });
}

export interface InvitationRow {
  convidado_por: string;
  created_at: string;
}

export async function findInvitation(db: Reader, groupId: string, userId: string): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('grupo_convites')
    .select(['convidado_por', 'created_at'])
    .where('grupo_id', '=', groupId)
    .where('usuario_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteInvitation(trx: Trx, groupId: string, userId: string): Promise<void> {
  await trx.deleteFrom('grupo_convites').where('grupo_id', '=', groupId).where('usuario_id', '=', userId).execute();
}

/**
 * Whether an invitation still holds: not older than INVITATION_DAYS, and its inviter still manages the group (an
 * administrator who was demoted or removed no longer lets anyone in).
 */
export async function invitationHolds(db: Reader, group: GroupRow, invitation: InvitationRow, now: Date): Promise<boolean> {
  if (now.getTime() - Date.parse(invitation.created_at) > INVITATION_DAYS * 86_400_000) return false;
  if (invitation.convidado_por === group.criador_id) return true;
  const row = await db
    .selectFrom('grupo_membros')
    .select('role')
    .where('grupo_id', '=', group.id)
    .where('usuario_id', '=', invitation.convidado_por)
    .executeTakeFirst();
  return row?.role === 'administrador';
}
