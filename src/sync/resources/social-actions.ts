import type { AppDb } from '../../db/app-db.ts';
import type { CounterName } from '../../../contract/schemas/signals.ts';
import { GroupResponseSchema, type GroupSummary, type UpdateGroupRequest } from '../../../contract/schemas/groups.ts';
import type { Applier } from '../outbox/appliers.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';
import { storeGroupDetail } from './groups.ts';

const COMMON = '/api/client/common';

/** SPEC §4: an unread counter goes to 0 (on this phone at once, on the server through the outbox). */
export function resetCounter(db: AppDb, userId: string, name: CounterName): Promise<number> {
  return enqueueMutation(db, {
    userId,
    kind: 'counter.reset',
    method: 'POST',
    path: `${COMMON}/perfil/contadores/${name}/zerar`,
    body: null,
    ref: { table: 'counters', id: name },
    optimistic: async (_mutationId, tx) => {
      await tx.counters.put({ name, count: 0, changedAt: Date.now() });
    },
  });
}

export function markConversationRead(db: AppDb, userId: string, conversaId: string): Promise<number> {
  return enqueueMutation(db, {
    userId,
    kind: 'conversation.markRead',
    method: 'GET',
    path: `${COMMON}/conversas/setUnreadMessageToFalse?conversaId=${encodeURIComponent(conversaId)}`,
    body: null,
    ref: { table: 'conversations', id: conversaId },
    optimistic: async (_mutationId, tx) => {
      const row = await tx.conversations.get(conversaId);
      if (row) await tx.conversations.put({ ...row, data: { ...row.data, novaMensagem: false } });
    },
  });
}

export function setFollowing(db: AppDb, input: { userId: string; nomeUsuario: string; follow: boolean }): Promise<number> {
  return enqueueMutation(db, {
    userId: input.userId,
    kind: input.follow ? 'follow' : 'unfollow',
    method: input.follow ? 'POST' : 'DELETE',
    path: `${COMMON}/perfil/${encodeURIComponent(input.nomeUsuario)}/seguir`,
    body: null,
    optimistic: async (_mutationId, tx) => {
      const row = await tx.users.where('nomeUsuario').equals(input.nomeUsuario).first();
      if (row) await tx.users.put({ ...row, data: { ...row.data, isFollowing: input.follow } });
    },
  });
}

export type GroupEdit =
  | { kind: 'group.update'; changes: UpdateGroupRequest }
  | { kind: 'group.addMember' | 'group.removeMember' | 'group.setAdmin' | 'group.unsetAdmin'; memberId: string }
  | { kind: 'group.leave' | 'group.delete' };

function groupRequest(groupId: string, edit: GroupEdit): { method: 'GET' | 'PATCH' | 'DELETE'; path: string; body: unknown } {
  const base = `${COMMON}/grupos/${encodeURIComponent(groupId)}`;
  switch (edit.kind) {
    case 'group.update':
      return { method: 'PATCH', path: `${base}/actualizarGrupo`, body: edit.changes };
    case 'group.addMember':
      return { method: 'GET', path: `${base}/adicionarUsuario/${encodeURIComponent(edit.memberId)}`, body: null };
    case 'group.removeMember':
      return { method: 'GET', path: `${base}/removerUsuario/${encodeURIComponent(edit.memberId)}`, body: null };
    case 'group.setAdmin':
      return { method: 'GET', path: `${base}/setAdmin/${encodeURIComponent(edit.memberId)}`, body: null };
    case 'group.unsetAdmin':
      return { method: 'GET', path: `${base}/unsetAdmin/${encodeURIComponent(edit.memberId)}`, body: null };
    case 'group.leave':
      return { method: 'GET', path: `${base}/sairDoGrupo`, body: null };
    case 'group.delete':
      return { method: 'DELETE', path: `${base}/apagarGrupo`, body: null };
  }
}

/** The group as the edit will leave it (the image shows once the server has it; true means administrators only). */
function editedGroup(group: GroupSummary, changes: UpdateGroupRequest): GroupSummary {
  const { nome, privado, allowedSenders, planos } = changes;
  return {
    ...group,
    ...(nome !== undefined ? { nome } : {}),
    ...(privado !== undefined ? { privado } : {}),
    ...(planos !== undefined ? { planos } : {}),
    ...(allowedSenders !== undefined ? { allowedSenders: typeof allowedSenders === 'boolean' ? (allowedSenders ? 'admins' : 'all') : allowedSenders } : {}),
  };
}

/** Group edits (SPEC §4, §6) go through the outbox; the group row shows the change at once. */
export function editGroup(db: AppDb, input: { userId: string; groupId: string; edit: GroupEdit }): Promise<number> {
  const request = groupRequest(input.groupId, input.edit);
  return enqueueMutation(db, {
    userId: input.userId,
    kind: input.edit.kind,
    ...request,
    ref: { table: 'groups', id: input.groupId },
    optimistic: async (mutationId, tx) => {
      const row = await tx.groups.get(input.groupId);
      if (!row) return;
      const data = input.edit.kind === 'group.update' ? editedGroup(row.data, input.edit.changes) : row.data;
      await tx.groups.put({ ...row, data, pendingMutationId: mutationId });
    },
  });
}

/** A group answer from the server replaces the stored group; leaving or deleting removes it from this phone. */
export const groupApplier: Applier = {
  async applied(db, entry, body) {
    const groupId = entry.ref?.id;
    if (!groupId) return;
    if (entry.kind === 'group.leave' || entry.kind === 'group.delete') {
      await db.groups.delete(groupId);
      await db.groupMembers.where('groupId').equals(groupId).delete();
      return;
    }
    const parsed = GroupResponseSchema.safeParse(body);
    if (!parsed.success) return;
    // The row keeps what only this phone knows (its local id, what the user has seen).
    await storeGroupDetail(db, parsed.data.grupo);
  },
  /** A discarded group edit leaves the row as the server last sent it once the list refreshes; until then unmarked. */
  async discarded(db, entry) {
    const groupId = entry.ref?.id;
    const row = groupId ? await db.groups.get(groupId) : undefined;
    if (row) await db.groups.put({ ...row, pendingMutationId: null });
    await db.syncMeta.delete('groups');
  },
};
