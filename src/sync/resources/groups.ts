import type { AppDb } from '../../db/app-db.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import type { StoredGroup } from '../../db/mirror-types.ts';
import { call } from '../../api/http.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';
import type { Applier } from '../outbox/appliers.ts';
import { markFailed, markRefreshed } from '../freshness.ts';
import { MSG } from '../../../contract/messages.ts';
import type { PublicUser } from '../../../contract/schemas/auth.ts';
import {
  GroupResponseSchema,
  type AllowedSenders,
  type Group,
  type GroupPlan,
  type GroupSummary,
} from '../../../contract/schemas/groups.ts';

// A group's page (SPEC §2, §4): its detail and members pulled into the store, creation through the outbox (offline
// too), joining an open group, and the unread marker of the group list.

const GROUPS = '/api/client/common/grupos';

const groupPath = (id: string) => `${GROUPS}/${encodeURIComponent(id)}`;

/** syncMeta key of a group's detail pull. */
export const groupMetaKey = (id: string) => `group:${id}`;

/** The row a server group becomes, keeping what only this phone knows (its local id, what the user has seen). */
function groupRow(group: GroupSummary, known: StoredGroup | undefined): StoredGroup {
  return {
    id: group.id,
    lastMessageAt: group.lastMessageAt ?? group.createdAt,
    data: group,
    ...(known?.localId ? { localId: known.localId } : {}),
    // A group seen for the first time counts as read up to now; later messages mark it unread.
    seenUpTo: known?.seenUpTo ?? known?.data.lastMessageAt ?? group.lastMessageAt ?? group.createdAt,
  };
}

/** Stores a group as GET grupos/{id} (or a group action) answers it: the group and its members. */
export async function storeGroupDetail(tx: StoreTables, grupo: Group, extra: Partial<StoredGroup> = {}): Promise<void> {
  const { usuarios, ...summary } = grupo;
  const known = await tx.groups.get(grupo.id);
  await tx.groups.put({ ...groupRow(summary, known), ...extra });
  await tx.groupMembers.where('groupId').equals(grupo.id).delete();
  await tx.groupMembers.bulkPut(usuarios.map((member) => ({ groupId: grupo.id, userId: member.usuario.id, data: member })));
}

/** Stores a page of the group list; rows with an edit still waiting keep their optimistic row. */
export async function storeGroupPage(tx: StoreTables, rows: GroupSummary[], waiting: ReadonlySet<string>): Promise<void> {
  const fresh = rows.filter((row) => !waiting.has(row.id));
  const known = await tx.groups.bulkGet(fresh.map((row) => row.id));
  await tx.groups.bulkPut(fresh.map((row, index) => groupRow(row, known[index])));
}

/**
 * What opening a group found: `removed` when the user was a member the last time and is no longer (or the server
 * refuses them), `gone` when a group this phone knew was deleted, `missing` for an id the server does not know.
 */
export type GroupPullOutcome = 'loaded' | 'removed' | 'gone' | 'missing' | 'error';

/** GET grupos/{id} into the store (group and members); a group the server no longer has leaves the store. */
export async function refreshGroup(db: AppDb, id: string): Promise<GroupPullOutcome> {
  if (id.startsWith('local:')) return 'loaded';
  const owner = await readMirrorOwner(db);
  const before = await db.groups.get(id);
  const result = await call(groupPath(id), { schema: GroupResponseSchema });
  if (result.kind === 'http' && result.status === 404) {
    await writeForOwner(db, owner, async (tx) => {
      await tx.groups.delete(id);
      await tx.groupMembers.where('groupId').equals(id).delete();
      await markFailed(tx, groupMetaKey(id), MSG.notFound);
    });
    return before ? 'gone' : 'missing';
  }
  if (result.kind !== 'ok') {
    await writeForOwner(db, owner, (tx) => markFailed(tx, groupMetaKey(id), result.message));
    return result.kind === 'http' && result.status === 403 && before?.data.meuPapel ? 'removed' : 'error';
  }
  const grupo = result.data.grupo;
  await writeForOwner(db, owner, async (tx) => {
    // An edit of this group still waiting keeps its optimistic row; the members are the server's either way.
    const waiting = await tx.outbox.filter((entry) => entry.ref?.table === 'groups' && entry.ref.id === id).count();
    if (waiting > 0) {
      await tx.groupMembers.where('groupId').equals(id).delete();
      await tx.groupMembers.bulkPut(grupo.usuarios.map((member) => ({ groupId: id, userId: member.usuario.id, data: member })));
    } else {
      await storeGroupDetail(tx, grupo);
    }
    await markRefreshed(tx, groupMetaKey(id));
  });
  return before?.data.meuPapel && grupo.meuPapel === null ? 'removed' : 'loaded';
}

/** GET grupos/{id}/entrar: the user joins an open group (online only); the group as it is then goes to the store. */
export async function joinGroup(db: AppDb, id: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const owner = await readMirrorOwner(db);
  const result = await call(`${groupPath(id)}/entrar`, { schema: GroupResponseSchema });
  if (result.kind !== 'ok') return { ok: false, message: result.message };
  await writeForOwner(db, owner, (tx) => storeGroupDetail(tx, result.data.grupo));
  return { ok: true };
}

/** The user has seen the group's messages up to `upTo` (a server time): its unread marker goes. */
export async function markGroupSeen(db: AppDb, id: string, upTo: string): Promise<void> {
  const owner = await readMirrorOwner(db);
  await writeForOwner(db, owner, async (tx) => {
    const row = await tx.groups.get(id);
    if (row && (row.seenUpTo ?? '') < upTo) await tx.groups.put({ ...row, seenUpTo: upTo });
  });
}

export interface CreateGroupInput {
  /** The creator, as the optimistic row shows them. */
  creator: PublicUser;
  nome: string;
  /** A data URL, or null for no image. */
  imagem: string | null;
  privado: boolean;
  allowedSenders: AllowedSenders;
  /** The three plans (worth 0 for an open group). */
  planos: GroupPlan[];
}

/** The group as this phone shows it until the server has it: `local:{mutationId}`, waiting to be sent. */
function localGroup(mutationId: number, input: CreateGroupInput): StoredGroup {
  const createdAt = new Date().toISOString();
  const data: GroupSummary = {
    id: `local:${mutationId}`,
    nome: input.nome,
    imagem: input.imagem,
    privado: input.privado,
    allowedSenders: input.allowedSenders,
    planos: input.planos,
    criador: input.creator,
    banca: { amount: 0, trend: 'up' },
    lastMessage: null,
    lastMessageAt: null,
    lastSender: null,
    createdAt,
    mustPay: false,
    oficial: false,
    meuPapel: 'criador',
    totalUsuarios: 1,
  };
  return { id: data.id, lastMessageAt: createdAt, data, pendingMutationId: mutationId, seenUpTo: createdAt };
}

/**
 * Creates a group (SPEC §2 criargrupo) through the outbox: it shows at once in the list as waiting to be sent, and
 * the Idempotency-Key makes it exist exactly once on the server however often it is sent. Returns the mutation id;
 * the group is `local:{mutationId}` until the server answers.
 */
export function createGroup(db: AppDb, input: CreateGroupInput & { userId: string }): Promise<number> {
  return enqueueMutation(db, {
    userId: input.userId,
    kind: 'group.create',
    method: 'POST',
    path: `${GROUPS}/criarGrupo`,
    body: {
      nome: input.nome,
      imagem: input.imagem,
      privado: input.privado,
      allowedSenders: input.allowedSenders,
      planos: input.planos,
    },
    optimistic: async (mutationId, tx) => {
      await tx.groups.put(localGroup(mutationId, input));
    },
  });
}

/** The server's group replaces the one made on this phone (keeping its local id, so an open page can follow it). */
export const groupCreateApplier: Applier = {
  async applied(db, entry, body) {
    const localId = `local:${entry.mutationId}`;
    await db.groups.delete(localId);
    const parsed = GroupResponseSchema.safeParse(body);
    if (parsed.success) await storeGroupDetail(db, parsed.data.grupo, { localId });
  },
  async discarded(db, entry) {
    await db.groups.delete(`local:${entry.mutationId}`);
  },
};
