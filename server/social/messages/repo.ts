import type { Selectable } from 'kysely';
import type { MensagensTable } from '../../db/schema.ts';
import type { Kysely } from 'kysely';
import type { DecodedImage } from '../../../contract/data-url.ts';
import { MSG } from '../../../contract/messages.ts';
import type { Mensagem, Recurso } from '../../../contract/schemas/chats.ts';
import type { ChatType, MensagemSignal } from '../../../contract/schemas/signals.ts';
import { LIST, nextListPlace } from '../../db/list-place.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import type { Trx } from '../../idempotency/idempotent.ts';
import { newId } from '../../lib/ids.ts';
import type { MessagePage } from '../shared/request.ts';
import { loadUsers, missingUser, toPublic, toSender, type UserCard } from '../shared/users.ts';

type Reader = Kysely<Database>;

export function imageUrl(id: string): string {
  return `/api/client/common/imagens/${id}`;
}

/** The preview kept on the chat (lastMessage): the text, or what was sent when there is no text. */
export function previewOf(text: string, imageCount: number, recurso: Recurso | null): string {
  if (text) return text.slice(0, 100);
  if (recurso) return MSG.sharedFicha;
  return imageCount > 0 ? MSG.sentImage : '';
}

type MessageRow = Selectable<MensagensTable>;

/** Message rows as the API's messages (sender and image URLs), in the order given. */
export async function toMessages(db: Reader, rows: readonly MessageRow[]): Promise<Mensagem[]> {
  if (rows.length === 0) return [];
  const users = await loadUsers(
    db,
    rows.map((r) => r.sender_id),
  );
  const images = await db
    .selectFrom('imagens')
    .select(['id', 'mensagem_id'])
    .where(
      'mensagem_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('mensagem_id')
    .orderBy('ordem')
    .execute();
  const byMessage = new Map<string, { url: string }[]>();
  for (const image of images) {
    const list = byMessage.get(image.mensagem_id) ?? [];
    list.push({ url: imageUrl(image.id) });
    byMessage.set(image.mensagem_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    chatType: row.chat_tipo,
    chatId: row.chat_id,
    sender: toSender(toPublic(users.get(row.sender_id) ?? missingUser(row.sender_id))),
    mensagem: row.mensagem,
    imagens: byMessage.get(row.id) ?? [],
    recurso: row.recurso_tipo === 'ficha' && row.recurso_id ? { tipo: 'ficha', id: row.recurso_id } : null,
    createdAt: row.created_at,
  }));
}

export type MessageList = { ok: true; mensagens: Mensagem[]; nextBefore: string | null } | { ok: false };

/** A chat's messages, newest first (by place, see list-place.ts); `before` (a message id of this chat) continues below it. */
export async function listMessages(db: Reader, chatTipo: ChatType, chatId: string, page: MessagePage): Promise<MessageList> {
  let query = db
    .selectFrom('mensagens')
    .selectAll()
    .where('chat_tipo', '=', chatTipo)
    .where('chat_id', '=', chatId)
    .orderBy('seq', 'desc')
    .limit(page.size + 1)
    .offset(page.offset);
  if (page.before) {
    const cursor = await db
      .selectFrom('mensagens')
      .select('seq')
      .where('id', '=', page.before)
      .where('chat_tipo', '=', chatTipo)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    if (!cursor) return { ok: false };
    query = query.where('seq', '<', cursor.seq);
  }
  const rows = await query.execute();
  const more = rows.length > page.size;
  const pageRows = rows.slice(0, page.size);
  return { ok: true, mensagens: await toMessages(db, pageRows), nextBefore: more ? (pageRows.at(-1)?.id ?? null) : null };
}

export interface NewMessage {
  chatTipo: ChatType;
  chatId: string;
  sender: UserCard;
  text: string;
  images: readonly DecodedImage[];
  recurso: Recurso | null;
  now: Date;
}

type MessageValues = {
  id: string;
  chatTipo: ChatType;
  chatId: string;
  senderId: string;
  text: string;
  recursoTipo: string | null;
  recursoId: string | null;
  createdAt: string;
  seq: number;
};

// Built once (server/db/prepared.ts): every message sent runs them.
const insertRow = prepared<MessageValues, never>((db, param) =>
  db.insertInto('mensagens').values({
    id: param('id'),
    chat_tipo: param('chatTipo'),
    chat_id: param('chatId'),
    sender_id: param('senderId'),
    mensagem: param('text'),
    recurso_tipo: param('recursoTipo'),
    recurso_id: param('recursoId'),
    created_at: param('createdAt'),
    seq: param('seq'),
  }),
);

const insertImage = prepared<{ id: string; mensagemId: string; ordem: number; mime: string; dados: string; createdAt: string }, never>((db, param) =>
  db.insertInto('imagens').values({
    id: param('id'),
    mensagem_id: param('mensagemId'),
    ordem: param('ordem'),
    mime: param('mime'),
    dados: param('dados'),
    created_at: param('createdAt'),
  }),
);

/** Stores a message and its images in the caller's transaction; returns it as the API and the signal show it. */
export async function insertMessage(trx: Trx, input: NewMessage): Promise<Mensagem> {
  const id = newId();
  const { seq, createdAt } = await nextListPlace(trx, LIST.chat(input.chatTipo, input.chatId), input.now);
  await insertRow(trx, {
    id,
    chatTipo: input.chatTipo,
    chatId: input.chatId,
    senderId: input.sender.id,
    text: input.text,
    recursoTipo: input.recurso?.tipo ?? null,
    recursoId: input.recurso?.id ?? null,
    createdAt,
    seq,
  });
  const imagens: { url: string }[] = [];
  for (const [ordem, image] of input.images.entries()) {
    const imageId = newId();
    await insertImage(trx, { id: imageId, mensagemId: id, ordem, mime: image.mime, dados: image.base64, createdAt });
    imagens.push({ url: imageUrl(imageId) });
  }
  return {
    id,
    chatType: input.chatTipo,
    chatId: input.chatId,
    sender: toSender(toPublic(input.sender)),
    mensagem: input.text,
    imagens,
    recurso: input.recurso,
    createdAt,
  };
}

/** A group's or room's list entry shows its last message; a conversation also counts unread (touchConversation). */
export async function setLastMessage(trx: Trx, table: 'grupos' | 'salas', id: string, stored: { senderId: string; preview: string; at: string }): Promise<void> {
  await trx
    .updateTable(table)
    .set({ last_sender_id: stored.senderId, last_message: stored.preview, last_message_at: stored.at })
    .where('id', '=', id)
    .execute();
}

/** The live signal of a message (contract MensagemSignalSchema has no `recurso`; the app refetches shares). */
export function toSignal(message: Mensagem): MensagemSignal {
  return {
    id: message.id,
    chatType: message.chatType,
    chatId: message.chatId,
    sender: message.sender,
    mensagem: message.mensagem,
    imagens: message.imagens,
    recurso: message.recurso,
    createdAt: message.createdAt,
  };
}

/** Deletes a chat's messages (their images go by cascade) and its counter, for a group that is deleted. */
export async function deleteChatMessages(trx: Trx, chatTipo: ChatType, chatId: string): Promise<void> {
  await trx.deleteFrom('mensagens').where('chat_tipo', '=', chatTipo).where('chat_id', '=', chatId).execute();
  await trx.deleteFrom('sequencias').where('nome', '=', LIST.chat(chatTipo, chatId)).execute();
}
