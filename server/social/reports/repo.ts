import type { Kysely } from 'kysely';
import type { Mensagem } from '../../../contract/schemas/chats.ts';
import type { Denuncia, ReportTarget } from '../../../contract/schemas/reports.ts';
import type { Database } from '../../db/schema.ts';
import { findConversation, isParticipant } from '../conversations/repo.ts';
import { findGroup, findMembership, viewerAccess, type Viewer } from '../groups/repo.ts';
import { toMessages } from '../messages/repo.ts';
import { loadUsers, missingUser, toPublic } from '../shared/users.ts';
import type { DenunciasTable, ReportDb } from './tables.ts';

type Reader = Kysely<Database>;

/** What a report points to, as found when it is made: its author and what it said. */
export interface ReportedTarget {
  denunciadoId: string | null;
  conteudo: string;
  chat: { tipo: 'conversa' | 'grupo' | 'sala'; id: string } | null;
}

/**
 * Whether the reporter can see the chat the message is in: a conversation of theirs, a group whose conversation
 * they may read, or a room (open to all). A report is what lets a moderator read a message, so nobody can point
 * a moderator at a message they could not read themselves.
 */
async function canSee(db: Reader, viewer: Viewer, chat: { chat_tipo: 'conversa' | 'grupo' | 'sala'; chat_id: string }): Promise<boolean> {
  if (chat.chat_tipo === 'sala') return true;
  if (chat.chat_tipo === 'conversa') {
    const row = await findConversation(db, chat.chat_id);
    return row !== undefined && isParticipant(row, viewer.id);
  }
  const group = await findGroup(db, chat.chat_id);
  if (!group) return false;
  return viewerAccess(group, viewer, await findMembership(db, group.id, viewer.id)).conversation;
}

/** The target of a report, or null when there is no such message, slip or user (or the reporter cannot see it). */
export async function findTarget(db: Reader, viewer: Viewer, tipo: ReportTarget, id: string): Promise<ReportedTarget | null> {
  if (tipo === 'mensagem') {
    const row = await db
      .selectFrom('mensagens')
      .select(['sender_id', 'mensagem', 'chat_tipo', 'chat_id', 'recurso_tipo'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || !(await canSee(db, viewer, row))) return null;
    return {
      denunciadoId: row.sender_id,
      conteudo: row.mensagem || (row.recurso_tipo ? 'Partilhou uma ficha' : 'Enviou uma imagem'),
      chat: { tipo: row.chat_tipo, id: row.chat_id },
    };
  }
  if (tipo === 'ficha') {
    // A slip its owner keeps hidden is nobody else's to see, so nobody else's to report.
    const row = await db.selectFrom('fichas').select(['usuario_id', 'id', 'oculta']).where('id', '=', id).executeTakeFirst();
    if (!row || (row.oculta === 1 && row.usuario_id !== viewer.id)) return null;
    return { denunciadoId: row.usuario_id, conteudo: row.id, chat: null };
  }
  const row = await db.selectFrom('usuarios').select(['id', 'nome_usuario']).where('id', '=', id).executeTakeFirst();
  return row ? { denunciadoId: row.id, conteudo: row.nome_usuario, chat: null } : null;
}

/** Names of the groups and rooms reports point into (conversations have none). */
async function chatNames(db: Reader, rows: readonly DenunciasTable[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const grupos = rows.filter((r) => r.chat_tipo === 'grupo' && r.chat_id).map((r) => r.chat_id as string);
  const salas = rows.filter((r) => r.chat_tipo === 'sala' && r.chat_id).map((r) => r.chat_id as string);
  if (grupos.length > 0) {
    for (const g of await db.selectFrom('grupos').select(['id', 'nome']).where('id', 'in', [...new Set(grupos)]).execute()) names.set(`grupo:${g.id}`, g.nome);
  }
  if (salas.length > 0) {
    for (const s of await db.selectFrom('salas').select(['id', 'nome']).where('id', 'in', [...new Set(salas)]).execute()) names.set(`sala:${s.id}`, s.nome);
  }
  return names;
}

export async function toDenuncias(db: Reader, rows: readonly DenunciasTable[]): Promise<Denuncia[]> {
  if (rows.length === 0) return [];
  const users = await loadUsers(
    db,
    rows.flatMap((r) => [r.denunciante_id, r.denunciado_id, r.moderador_id].filter((id): id is string => id !== null)),
  );
  const user = (id: string) => toPublic(users.get(id) ?? missingUser(id));
  const names = await chatNames(db, rows);
  return rows.map((row) => ({
    id: row.id,
    tipo: row.tipo,
    alvoId: row.alvo_id,
    motivo: row.motivo,
    estado: row.estado,
    accao: row.accao,
    suspensoAte: row.suspenso_ate,
    denunciante: user(row.denunciante_id),
    denunciado: row.denunciado_id ? user(row.denunciado_id) : null,
    conteudo: row.conteudo,
    chat: row.chat_tipo && row.chat_id ? { tipo: row.chat_tipo, id: row.chat_id, nome: names.get(`${row.chat_tipo}:${row.chat_id}`) ?? null } : null,
    moderador: row.moderador_id ? user(row.moderador_id) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

export const CONTEXT_EACH_SIDE = 3;

/** A reported message and up to CONTEXT_EACH_SIDE messages either side of it in its chat, oldest first. */
export async function messageWithContext(db: Reader, messageId: string): Promise<Mensagem[]> {
  const row = await db.selectFrom('mensagens').selectAll().where('id', '=', messageId).executeTakeFirst();
  if (!row) return [];
  const around = (direction: 'before' | 'after') =>
    db
      .selectFrom('mensagens')
      .selectAll()
      .where('chat_tipo', '=', row.chat_tipo)
      .where('chat_id', '=', row.chat_id)
      .where('seq', direction === 'before' ? '<' : '>', row.seq)
      .orderBy('seq', direction === 'before' ? 'desc' : 'asc')
      .limit(CONTEXT_EACH_SIDE)
      .execute();
  const [before, after] = await Promise.all([around('before'), around('after')]);
  return toMessages(db, [...before.reverse(), row, ...after]);
}

/** The reports that point at messages of one group, newest first. */
export async function groupReports(rdb: ReportDb, grupoId: string): Promise<DenunciasTable[]> {
  return rdb
    .selectFrom('denuncias')
    .selectAll()
    .where('tipo', '=', 'mensagem')
    .where('chat_tipo', '=', 'grupo')
    .where('chat_id', '=', grupoId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(250)
    .execute();
}

/** The ids of moderators and the privileged account: who is told of a new report (newReportMade). */
export async function moderatorIds(db: Reader): Promise<string[]> {
  const rows = await db
    .selectFrom('usuarios')
    .select('id')
    .where((eb) => eb.or([eb('role', '=', 'moderador'), eb('conta', '=', 'privilegiada')]))
    .execute();
  return rows.map((r) => r.id);
}
