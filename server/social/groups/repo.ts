import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import {
  GroupPlanSchema,
  isOfficialGroup,
  OFFICIAL_GROUP_IDS,
  type Group,
  type GroupPlan,
  type GroupSummary,
} from '../../../contract/schemas/groups.ts';
import { normalizePlans } from '../../../contract/validation/social.ts';
import type { Database, GrupoMembrosTable, GruposTable } from '../../db/schema.ts';
import { loadRecordSummaries } from '../../slips/record.ts';
import type { Page } from '../shared/request.ts';
import { loadUsers, missingUser, toPublic } from '../shared/users.ts';
import { groupAccess, type GroupAccess } from './paywall.ts';

type Reader = Kysely<Database>;
export type GroupRow = GruposTable;
export type MemberRow = GrupoMembrosTable;
export type GroupPlace = 'criador' | 'administrador' | 'normal' | null;
export type Viewer = Pick<SessionUser, 'id' | 'conta'>;

export function groupImageUrl(row: Pick<GroupRow, 'id' | 'updated_at'>): string {
  return `/api/client/common/grupos/${row.id}/imagem?v=${encodeURIComponent(row.updated_at)}`;
}

export function parsePlans(json: string): GroupPlan[] {
  try {
    const raw: unknown = JSON.parse(json);
    const plans = Array.isArray(raw) ? raw.flatMap((p) => (GroupPlanSchema.safeParse(p).success ? [p as GroupPlan] : [])) : [];
    return normalizePlans(plans);
  } catch {
    return normalizePlans([]);
  }
}

export async function findGroup(db: Reader, id: string): Promise<GroupRow | undefined> {
  return db.selectFrom('grupos').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMembership(db: Reader, groupId: string, userId: string): Promise<MemberRow | undefined> {
  return db.selectFrom('grupo_membros').selectAll().where('grupo_id', '=', groupId).where('usuario_id', '=', userId).executeTakeFirst();
}

export function placeOf(group: GroupRow, userId: string, membership: MemberRow | undefined): GroupPlace {
  if (group.criador_id === userId) return 'criador';
  return membership?.role ?? null;
}

/** Members plus the creator (SPEC §9: shown as list length plus 1). */
export async function countUsers(db: Reader, groupId: string): Promise<number> {
  const row = await db
    .selectFrom('grupo_membros')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('grupo_id', '=', groupId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** What of this group the viewer may see (paywall.ts); every route that shows or sends group content asks this. */
export function viewerAccess(group: GroupRow, viewer: Viewer, membership: MemberRow | undefined, now = Date.now()): GroupAccess {
  return groupAccess(group, viewer, membership, now);
}

async function summaries(db: Reader, rows: readonly GroupRow[], viewer: Viewer): Promise<GroupSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .selectFrom('grupo_membros')
    .select((eb) => ['grupo_id', eb.fn.countAll<number>().as('n')])
    .where('grupo_id', 'in', ids)
    .groupBy('grupo_id')
    .execute();
  const countOf = new Map(counts.map((r) => [r.grupo_id, Number(r.n)]));
  const mine = await db.selectFrom('grupo_membros').selectAll().where('grupo_id', 'in', ids).where('usuario_id', '=', viewer.id).execute();
  const membershipOf = new Map(mine.map((m) => [m.grupo_id, m]));
  const users = await loadUsers(
    db,
    rows.flatMap((r) => [r.criador_id, ...(r.last_sender_id ? [r.last_sender_id] : [])]),
  );
  const now = Date.now();
  // A private group sells its creator's tips: its paywall and drawer show the creator's verified record.
  const records = await loadRecordSummaries(
    db,
    [...new Set(rows.filter((r) => r.privado === 1).map((r) => r.criador_id))],
    new Date(now),
  );
  return rows.map((row) => {
    const registoCriador = row.privado === 1 ? records.get(row.criador_id) : undefined;
    const creator = users.get(row.criador_id) ?? missingUser(row.criador_id);
    const membership = membershipOf.get(row.id);
    const access = groupAccess(row, viewer, membership, now);
    // The list order still follows activity, so lastMessageAt says no more than the order already does.
    const lastSenderId = access.conversation ? row.last_sender_id : null;
    return {
      id: row.id,
      nome: row.nome,
      imagem: row.imagem ? groupImageUrl(row) : null,
      privado: row.privado === 1,
      allowedSenders: row.allowed_senders,
      planos: parsePlans(row.planos),
      criador: toPublic(creator),
      banca: creator.banca,
      lastMessage: access.conversation ? row.last_message : null,
      lastMessageAt: row.last_message_at,
      lastSender: lastSenderId ? { id: lastSenderId, nome: (users.get(lastSenderId) ?? missingUser(lastSenderId)).nome } : null,
      createdAt: row.created_at,
      mustPay: access.mustPay,
      oficial: isOfficialGroup(row.id),
      meuPapel: placeOf(row, viewer.id, membership),
      totalUsuarios: (countOf.get(row.id) ?? 0) + 1,
      ...(registoCriador ? { registoCriador } : {}),
    };
  });
}

/**
 * A group with its members as the caller sees it (SPEC §3 Group, mustPay of §4). The member list with everyone's
 * paid-until date only for those groupAccess lets see it; anyone else gets their own entry, if they have one.
 */
export async function toGroup(db: Reader, row: GroupRow, viewer: Viewer): Promise<Group> {
  const [summary] = await summaries(db, [row], viewer);
  if (!summary) throw new Error('group summary missing');
  const membership = await findMembership(db, row.id, viewer.id);
  let query = db.selectFrom('grupo_membros').selectAll().where('grupo_id', '=', row.id);
  if (!groupAccess(row, viewer, membership, Date.now()).members) query = query.where('usuario_id', '=', viewer.id);
  const members = await query.orderBy('created_at').orderBy('usuario_id').execute();
  const users = await loadUsers(
    db,
    members.map((m) => m.usuario_id),
  );
  return {
    ...summary,
    usuarios: members.map((m) => ({
      usuario: toPublic(users.get(m.usuario_id) ?? missingUser(m.usuario_id)),
      role: m.role,
      expiraEm: m.expira_em,
    })),
  };
}

export type GroupFilter = 'tudo' | 'subscricoes' | 'meus';

/**
 * Groups for the list tabs (SPEC §2): tudo = every group, subscricoes = groups the caller is a member of, meus = the
 * caller's own. The official groups come first, then the most recently active.
 */
export async function listGroups(db: Reader, viewer: Viewer, filter: GroupFilter, page: Page): Promise<GroupSummary[]> {
  let query = db.selectFrom('grupos').selectAll('grupos');
  if (filter === 'meus') query = query.where('grupos.criador_id', '=', viewer.id);
  if (filter === 'subscricoes') {
    query = query
      .innerJoin('grupo_membros', 'grupo_membros.grupo_id', 'grupos.id')
      .where('grupo_membros.usuario_id', '=', viewer.id);
  }
  const rows = await query
    .orderBy((eb) => eb.case().when('grupos.id', 'in', [...OFFICIAL_GROUP_IDS]).then(0).else(1).end())
    .orderBy((eb) => eb.fn.coalesce('grupos.last_message_at', 'grupos.created_at'), 'desc')
    .orderBy('grupos.id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return summaries(db, rows, viewer);
}

/** Who hears about a new group message: the creator and members who can read it, but not the sender. */
export async function groupAudience(db: Reader, group: GroupRow, senderId: string): Promise<string[]> {
  const members = await db.selectFrom('grupo_membros').selectAll().where('grupo_id', '=', group.id).execute();
  const conta = await db
    .selectFrom('usuarios')
    .select(['id', 'conta'])
    .where(
      'id',
      'in',
      [group.criador_id, ...members.map((m) => m.usuario_id)],
    )
    .execute();
  const contaOf = new Map(conta.map((u) => [u.id, u.conta]));
  const now = Date.now();
  const audience = [group.criador_id];
  for (const member of members) {
    if (groupAccess(group, { id: member.usuario_id, conta: contaOf.get(member.usuario_id) ?? null }, member, now).conversation) {
      audience.push(member.usuario_id);
    }
  }
  return [...new Set(audience)].filter((id) => id !== senderId);
}
