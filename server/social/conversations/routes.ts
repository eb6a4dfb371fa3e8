import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { normalizeUsername } from '../../../contract/normalize.ts';
import {
  ConversationListResponseSchema,
  ConversationResponseSchema,
  MarkConversationsReadResponseSchema,
} from '../../../contract/schemas/chats.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, ok, refuse } from '../../idempotency/idempotent.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { bumpCounter } from '../../notify/notify.ts';
import { messagesResponse, postChatMessage, type PostInput } from '../messages/chat-handlers.ts';
import { readMessageInput } from '../messages/input.ts';
import { lowerCounter, resetCounter } from '../shared/counters.ts';
import { isId, readPage } from '../shared/request.ts';
import { findUserByName } from '../shared/users.ts';
import type { Trx, After, Outcome } from '../../idempotency/idempotent.ts';
import {
  conversationsOf,
  findConversation,
  isParticipant,
  markConversationsRead,
  openConversation,
  otherParticipant,
  toConversation,
  toConversations,
  touchConversation,
  type ConversaRow,
} from './repo.ts';

/** GET /api/client/common/conversas/fetch?pageNumber&size → conversas. */
export async function listConversations(c: Context<AppEnv>): Promise<Response> {
  const page = readPage(c);
  if (!page.ok) return page.response;
  const db = c.get('db');
  const me = c.get('user').id;
  const rows = await conversationsOf(db, me, page.data);
  return answer(c, ConversationListResponseSchema, { conversas: await toConversations(db, rows, me) });
}

/** GET …/conversas/setUnreadMessageToFalse[?conversaId=]: marks read and lowers newMessage by what was unread. */
export async function markRead(c: Context<AppEnv>): Promise<Response> {
  // An empty conversaId (`?conversaId=`) means all of them, like no parameter.
  const conversaId = c.req.query('conversaId') || undefined;
  if (conversaId !== undefined && !isId(conversaId)) return jsonError(c, 404, MSG.notFound);
  return idempotent(c, async (trx) => {
    const me = c.get('user').id;
    if (conversaId) {
      const row = await findConversation(trx, conversaId);
      if (!row) return refuse(404, MSG.notFound);
      if (!isParticipant(row, me)) return refuse(403, MSG.forbidden);
    }
    const cleared = await markConversationsRead(trx, me, conversaId);
    if (conversaId) await lowerCounter(trx, me, 'newMessage', cleared.messages);
    else await resetCounter(trx, me, 'newMessage');
    return ok(MarkConversationsReadResponseSchema, { actualizadas: cleared.conversations });
  });
}

async function conversationFor(c: Context<AppEnv>, id: string | undefined): Promise<{ row: ConversaRow } | { response: Response }> {
  if (!isId(id)) return { response: jsonError(c, 404, MSG.notFound) };
  const row = await findConversation(c.get('db'), id);
  if (!row) return { response: jsonError(c, 404, MSG.notFound) };
  if (!isParticipant(row, c.get('user').id)) return { response: jsonError(c, 403, MSG.forbidden) };
  return { row };
}

/** GET …/conversas/{id} → conversa. */
export async function getConversation(c: Context<AppEnv>): Promise<Response> {
  const found = await conversationFor(c, c.req.param('id'));
  if ('response' in found) return found.response;
  return answer(c, ConversationResponseSchema, { conversa: await toConversation(c.get('db'), found.row, c.get('user').id) });
}

/**
 * GET …/conversas/com/{nomeUsuario} → conversa. Opens the conversation with that user, creating it if needed; an
 * empty conversation is not listed by /fetch until its first message.
 */
export async function openWith(c: Context<AppEnv>): Promise<Response> {
  const other = await findUserByName(c.get('db'), normalizeUsername(c.req.param('nomeUsuario') ?? ''));
  if (!other) return jsonError(c, 404, MSG.notFound);
  const me = c.get('user').id;
  if (other.id === me) return jsonError(c, 400, MSG.selfConversation);
  return idempotent(c, async (trx) => {
    const row = await openConversation(trx, me, other.id, new Date());
    return ok(ConversationResponseSchema, { conversa: await toConversation(trx, row, me) });
  });
}

/** GET …/conversas/{id}/mensagens?before&size&pageNumber → mensagens (newest first), nextBefore. */
export async function listConversationMessages(c: Context<AppEnv>): Promise<Response> {
  const found = await conversationFor(c, c.req.param('id'));
  if ('response' in found) return found.response;
  return messagesResponse(c, 'conversa', found.row.id);
}

/**
 * Posts into a conversation the sender is part of: the message, the conversation's preview and the recipient's
 * unread counts change in the transaction; the recipient's live signal goes out after the commit.
 */
export async function postToConversation(c: Context<AppEnv>, trx: Trx, after: After, row: ConversaRow, message: PostInput): Promise<Outcome> {
  const recipient = otherParticipant(row, c.get('user').id);
  return postChatMessage(c, trx, after, {
    chat: { tipo: 'conversa', id: row.id },
    message,
    record: async ({ sender, mensagem, preview }) => {
      await touchConversation(trx, row, sender.id, preview, mensagem.createdAt);
      await bumpCounter(trx, recipient, 'newMessage');
      return [recipient];
    },
  });
}

/** POST …/conversas/{id}/mensagens {mensagem, imagens} → 201 mensagem. */
export async function sendToConversation(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const input = await readMessageInput(c);
  if (!input.ok) return input.response;
  return idempotent(c, async (trx, after) => {
    const row = await findConversation(trx, id);
    if (!row) return refuse(404, MSG.notFound);
    if (!isParticipant(row, c.get('user').id)) return refuse(403, MSG.forbidden);
    return postToConversation(c, trx, after, row, { ...input.data, recurso: null });
  });
}

/** POST …/conversas/com/{nomeUsuario}/mensagens: the first message to someone, creating the conversation. */
export async function sendToUser(c: Context<AppEnv>): Promise<Response> {
  const other = await findUserByName(c.get('db'), normalizeUsername(c.req.param('nomeUsuario') ?? ''));
  if (!other) return jsonError(c, 404, MSG.notFound);
  const me = c.get('user').id;
  if (other.id === me) return jsonError(c, 400, MSG.selfConversation);
  const input = await readMessageInput(c);
  if (!input.ok) return input.response;
  return idempotent(c, async (trx, after) => {
    const row = await openConversation(trx, me, other.id, new Date());
    return postToConversation(c, trx, after, row, { ...input.data, recurso: null });
  });
}
