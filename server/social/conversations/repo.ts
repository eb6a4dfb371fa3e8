import { sql, type Kysely } from 'kysely';
import type { Conversation } from '../../../contract/schemas/chats.ts';
import { prepared } from '../../db/prepared.ts';
import type { ConversasTable, Database } from '../../db/schema.ts';
import type { Trx } from '../../idempotency/idempotent.ts';
import { newId } from '../../lib/ids.ts';
import type { Page } from '../shared/request.ts';
import { loadUsers, missingUser, toPublic, type UserCard } from '../shared/users.ts';

type Reader = Kysely<Database>;
export type ConversaRow = ConversasTable;

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export function isParticipant(row: ConversaRow, userId: string): boolean {
  return row.primeiro_usuario_id === userId || row.segundo_usuario_id === userId;
}

export function otherParticipant(row: ConversaRow, userId: string): string {
  return row.primeiro_usuario_id === userId ? row.segundo_usuario_id : row.primeiro_usuario_id;
}

function unreadFor(row: ConversaRow, viewerId: string): number {
  if (row.primeiro_usuario_id === viewerId) return row.primeiro_nao_lidas;
  if (row.segundo_usuario_id === viewerId) return row.segundo_nao_lidas;
  return 0;
}

function conversationOf(row: ConversaRow, users: ReadonlyMap<string, UserCard>, viewerId: string): Conversation {
  const user = (id: string): UserCard => users.get(id) ?? missingUser(id);
  const unread = unreadFor(row, viewerId);
  return {
    id: row.id,
    primeiroUsuario: toPublic(user(row.primeiro_usuario_id)),
    segundoUsuario: toPublic(user(row.segundo_usuario_id)),
    novaMensagem: unread > 0,
    lastSender: row.last_sender_id ? { id: row.last_sender_id, nome: user(row.last_sender_id).nome } : null,
    lastMessageAt: row.last_message_at,
    lastMessage: { message: row.last_message ?? '', count: unread },
    createdAt: row.created_at,
  };
}

/** As SPEC §3 Conversation, seen by `viewerId` (novaMensagem and the unread count are the viewer's). */
export async function toConversations(db: Reader, rows: readonly ConversaRow[], viewerId: string): Promise<Conversation[]> {
  const users = await loadUsers(
    db,
    rows.flatMap((r) => [r.primeiro_usuario_id, r.segundo_usuario_id]),
  );
  return rows.map((row) => conversationOf(row, users, viewerId));
}

/** One conversation, as toConversations sees it. */
export async function toConversation(db: Reader, row: ConversaRow, viewerId: string): Promise<Conversation> {
  return conversationOf(row, await loadUsers(db, [row.primeiro_usuario_id, row.segundo_usuario_id]), viewerId);
}

/** Conversations that have messages, most recent first: the user's, or every one (`null`, for moderation). */
export async function conversationsOf(db: Reader, userId: string | null, page: Page): Promise<ConversaRow[]> {
  let query = db.selectFrom('conversas').selectAll().where('last_message_at', 'is not', null);
  if (userId !== null) query = query.where((eb) => eb.or([eb('primeiro_usuario_id', '=', userId), eb('segundo_usuario_id', '=', userId)]));
  return query.orderBy('last_message_at', 'desc').orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
}

// Sending a message reads and touches its conversation: these are built once (server/db/prepared.ts).
const byId = prepared<{ id: string }, ConversaRow>((db, param) => db.selectFrom('conversas').selectAll().where('id', '=', param('id')));
const byPair = prepared<{ par: string }, ConversaRow>((db, param) => db.selectFrom('conversas').selectAll().where('par', '=', param('par')));
const insertPair = prepared<{ id: string; starterId: string; otherId: string; par: string; createdAt: string }, never>((db, param) =>
  db
    .insertInto('conversas')
    .values({
      id: param('id'),
      primeiro_usuario_id: param('starterId'),
      segundo_usuario_id: param('otherId'),
      par: param('par'),
      primeiro_nao_lidas: 0,
      segundo_nao_lidas: 0,
      last_sender_id: null,
      last_message: null,
      last_message_at: null,
      created_at: param('createdAt'),
    })
    .onConflict((conflict) => conflict.column('par').doNothing()),
);

type Touch = { id: string; senderId: string; preview: string; at: string };
const touchFor = (side: 'primeiro' | 'segundo') =>
  prepared<Touch, never>((db, param) =>
    db
      .updateTable('conversas')
      .set({
        last_sender_id: param('senderId'),
        last_message: param('preview'),
        last_message_at: param('at'),
        ...(side === 'primeiro'
          ? { primeiro_nao_lidas: sql<number>`primeiro_nao_lidas + 1` }
          : { segundo_nao_lidas: sql<number>`segundo_nao_lidas + 1` }),
      })
      .where('id', '=', param('id')),
  );
const touchFirst = touchFor('primeiro');
const touchSecond = touchFor('segundo');

export async function findConversation(db: Reader, id: string): Promise<ConversaRow | undefined> {
  return (await byId(db, { id })).rows[0];
}

/** The pair's conversation, created on first use; a race between both users ends with one row (unique `par`). */
export async function openConversation(trx: Trx, starterId: string, otherId: string, now: Date): Promise<ConversaRow> {
  const par = pairKey(starterId, otherId);
  const [existing] = (await byPair(trx, { par })).rows;
  if (existing) return existing;
  await insertPair(trx, { id: newId(), starterId, otherId, par, createdAt: now.toISOString() });
  const [row] = (await byPair(trx, { par })).rows;
  if (!row) throw new Error(`conversation ${par} neither found nor created`);
  return row;
}

/** Records a new message on the conversation and raises the recipient's unread count there. */
export async function touchConversation(trx: Trx, row: ConversaRow, senderId: string, preview: string, at: string): Promise<void> {
  const recipientIsFirst = row.primeiro_usuario_id !== senderId;
  await (recipientIsFirst ? touchFirst : touchSecond)(trx, { id: row.id, senderId, preview, at });
}

/** Marks the user's conversations read (or one of them); returns how many unread messages that cleared. */
export async function markConversationsRead(trx: Trx, userId: string, conversaId?: string): Promise<{ conversations: number; messages: number }> {
  let conversations = 0;
  let messages = 0;
  for (const side of ['primeiro', 'segundo'] as const) {
    const userColumn = `${side}_usuario_id` as const;
    const unreadColumn = `${side}_nao_lidas` as const;
    let select = trx.selectFrom('conversas').select(['id', unreadColumn]).where(userColumn, '=', userId).where(unreadColumn, '>', 0);
    if (conversaId) select = select.where('id', '=', conversaId);
    const rows = await select.execute();
    if (rows.length === 0) continue;
    conversations += rows.length;
    for (const row of rows) messages += Number((row as Record<string, unknown>)[unreadColumn] ?? 0);
    await trx
      .updateTable('conversas')
      .set({ [unreadColumn]: 0 })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  }
  return { conversations, messages };
}
