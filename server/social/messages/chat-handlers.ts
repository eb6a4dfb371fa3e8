import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { MessageListResponseSchema, MessageResponseSchema, type Mensagem, type Recurso } from '../../../contract/schemas/chats.ts';
import type { ChatType } from '../../../contract/schemas/signals.ts';
import type { AppEnv } from '../../hono-env.ts';
import { ok, refuse, type After, type Outcome, type Trx } from '../../idempotency/idempotent.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { readMessagePage } from '../shared/request.ts';
import { loadUser, type UserCard } from '../shared/users.ts';
import type { MessageInput } from './input.ts';
import { insertMessage, listMessages, previewOf, toSignal } from './repo.ts';

// What conversations, groups and rooms do alike once the caller may read or post in the chat.

/** GET …/mensagens?before&size&pageNumber → mensagens (newest first), nextBefore; a `before` not in the chat is 400. */
export async function messagesResponse(c: Context<AppEnv>, chatTipo: ChatType, chatId: string): Promise<Response> {
  const page = readMessagePage(c);
  if (!page.ok) return page.response;
  const list = await listMessages(c.get('db'), chatTipo, chatId, page.data);
  if (!list.ok) return jsonError(c, 400, MSG.invalidRequest);
  return answer(c, MessageListResponseSchema, { mensagens: list.mensagens, nextBefore: list.nextBefore });
}

export type PostInput = MessageInput & { recurso: Recurso | null };

export interface StoredMessage {
  sender: UserCard;
  mensagem: Mensagem;
  /** The chat list's one-line preview of the message. */
  preview: string;
}

/**
 * Posts the caller's message (a caller deleted since sign-in is 401). `record` runs in the same transaction after the
 * message is stored (the chat's preview, unread counters) and names who gets the live signal, sent only after the
 * commit so nobody hears of a message that was rolled back.
 */
export async function postChatMessage(
  c: Context<AppEnv>,
  trx: Trx,
  after: After,
  input: { chat: { tipo: ChatType; id: string }; message: PostInput; record: (stored: StoredMessage) => Promise<readonly string[]> },
): Promise<Outcome> {
  const sender = await loadUser(trx, c.get('user').id);
  if (!sender) return refuse(401, MSG.unauthenticated);
  const { text, images, recurso } = input.message;
  const mensagem = await insertMessage(trx, { chatTipo: input.chat.tipo, chatId: input.chat.id, sender, text, images, recurso, now: new Date() });
  const audience = await input.record({ sender, mensagem, preview: previewOf(text, images.length, recurso) });
  const signals = c.get('signals');
  if (audience.length > 0) after(() => signals.send(audience, { mensagem: toSignal(mensagem) }));
  return ok(MessageResponseSchema, { mensagem }, 201);
}
