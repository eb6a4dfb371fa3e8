import type { AppDb } from '../../db/app-db.ts';
import { messageSortKey, type ChatKey, type StoredMessage } from '../../db/mirror-types.ts';
import { chatPath, fetchMessages } from '../../api/social.ts';
import { MessageResponseSchema, type Mensagem } from '../../../contract/schemas/chats.ts';
import type { ChatType } from '../../../contract/schemas/signals.ts';
import { PAGE_SIZE } from '../../../contract/limits.ts';
import type { Applier } from '../outbox/appliers.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';
import { readMirrorOwner } from '../../db/session.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { dropAnsweredCopies } from '../outbox/answered-copies.ts';
import type { StoreTables } from '../../db/store-transaction.ts';

export type ChatTarget = { chatType: ChatType; chatId: string } | { conversaWith: string };

export function chatKeyOf(target: ChatTarget): ChatKey {
  return 'conversaWith' in target ? `conversa:@${target.conversaWith}` : `${target.chatType}:${target.chatId}`;
}

export function messageRow(message: Mensagem): StoredMessage {
  return {
    id: message.id,
    chatKey: `${message.chatType}:${message.chatId}`,
    sortKey: messageSortKey(message.createdAt, message.id),
    senderId: message.sender.id,
    sender: { nome: message.sender.nome, nomeUsuario: message.sender.nomeUsuario },
    mensagem: message.mensagem,
    imagens: message.imagens,
    createdAt: message.createdAt,
    recurso: message.recurso,
  };
}

const metaKey = (chatKey: ChatKey) => `messages:${chatKey}`;

/** A page of the server's messages into the store, in place of the local copies it delivers (answered-copies.ts). */
async function storeMessages(tx: StoreTables, messages: Mensagem[]): Promise<void> {
  await dropAnsweredCopies(tx, messages.map((message) => message.id));
  await tx.messages.bulkPut(messages.map(messageRow));
}

/** The newest page of a chat into the store; older pages come with pullOlderMessages (key-range, never offsets). */
export async function pullLatestMessages(db: AppDb, chatType: ChatType, chatId: string): Promise<void> {
  const key = chatKeyOf({ chatType, chatId });
  const owner = await readMirrorOwner(db);
  const result = await fetchMessages(chatType, chatId, { size: PAGE_SIZE });
  await writeForOwner(db, owner, async (tx) => {
    const meta = await tx.syncMeta.get(metaKey(key));
    if (result.kind !== 'ok') {
      await tx.syncMeta.put({ ...(meta ?? { resource: metaKey(key), refreshedAt: 0 }), error: result.message });
      return;
    }
    await storeMessages(tx, result.data.mensagens);
    await tx.syncMeta.put({
      resource: metaKey(key),
      refreshedAt: Date.now(),
      error: null,
      // Keep the oldest cursor already reached; a refresh of the newest page does not reset scrolling back.
      cursor: meta?.cursor !== undefined ? meta.cursor : result.data.nextBefore,
      noMore: meta?.noMore ?? result.data.nextBefore === null,
    });
  });
}

export async function pullOlderMessages(db: AppDb, chatType: ChatType, chatId: string): Promise<'loaded' | 'no-more' | 'error'> {
  const key = chatKeyOf({ chatType, chatId });
  const meta = await db.syncMeta.get(metaKey(key));
  if (!meta) {
    await pullLatestMessages(db, chatType, chatId);
    return 'loaded';
  }
  if (meta.error !== null) return 'error';
  if (meta.noMore || !meta.cursor) return 'no-more';
  const owner = await readMirrorOwner(db);
  const result = await fetchMessages(chatType, chatId, { size: PAGE_SIZE, before: meta.cursor });
  const stored = await writeForOwner(db, owner, async (tx) => {
    if (result.kind !== 'ok') return tx.syncMeta.put({ ...meta, error: result.message });
    await storeMessages(tx, result.data.mensagens);
    await tx.syncMeta.put({ ...meta, cursor: result.data.nextBefore, noMore: result.data.nextBefore === null });
  });
  return stored && result.kind === 'ok' ? 'loaded' : 'error';
}

export interface SendMessageInput {
  userId: string;
  target: ChatTarget;
  mensagem: string;
  /** Image data URLs (up to 2). */
  imagens: string[];
}

/** A message written on this phone, shown at once and marked by its outbox entry until the server's replaces it. */
function localMessage(mutationId: number, content: Pick<StoredMessage, 'chatKey' | 'senderId' | 'mensagem' | 'imagens' | 'recurso'>): StoredMessage {
  const createdAt = new Date().toISOString();
  return {
    id: `local:${mutationId}`,
    ...content,
    // Local messages sort after everything the server has sent so far, in the order they were written.
    sortKey: messageSortKey(createdAt, `~${String(mutationId).padStart(12, '0')}`),
    createdAt,
    pendingMutationId: mutationId,
  };
}

function sendPath(target: ChatTarget): string {
  if ('conversaWith' in target) return `/api/client/common/conversas/com/${encodeURIComponent(target.conversaWith)}/mensagens`;
  return `${chatPath(target.chatType, target.chatId)}/mensagens`;
}

/** Writes the message on this phone and queues it; it shows at once, marked with its outbox state. */
export async function sendMessage(db: AppDb, input: SendMessageInput): Promise<number> {
  return enqueueMutation(db, {
    userId: input.userId,
    kind: 'message.send',
    method: 'POST',
    path: sendPath(input.target),
    body: { mensagem: input.mensagem, imagens: input.imagens },
    optimistic: async (mutationId, tx) => {
      await tx.messages.put(
        localMessage(mutationId, {
          chatKey: chatKeyOf(input.target),
          senderId: input.userId,
          mensagem: input.mensagem,
          imagens: input.imagens.map((url) => ({ url })),
        }),
      );
    },
    ref: null,
  });
}

/** Shares a slip into a chat, group or room (SPEC §7 Sharing), queued like a message. */
export async function shareSlip(
  db: AppDb,
  input: { userId: string; chatType: ChatType; chatId: string; fichaId: string },
): Promise<number> {
  const action = input.chatType === 'conversa' ? 'shareToChat' : input.chatType === 'grupo' ? 'shareToGroup' : 'shareToRoom';
  return enqueueMutation(db, {
    userId: input.userId,
    kind: 'share',
    method: 'GET',
    path: `${chatPath(input.chatType, input.chatId)}/${action}?resourceType=ficha&resourceId=${encodeURIComponent(input.fichaId)}`,
    body: null,
    optimistic: async (mutationId, tx) => {
      await tx.messages.put(
        localMessage(mutationId, {
          chatKey: chatKeyOf(input),
          senderId: input.userId,
          mensagem: '',
          imagens: [],
          recurso: { tipo: 'ficha', id: input.fichaId },
        }),
      );
    },
  });
}

/** The server's message replaces the local one; a refusal keeps it (marked by its entry) until retried or discarded. */
export const messageApplier: Applier = {
  async applied(db, entry, body) {
    await db.messages.delete(`local:${entry.mutationId}`);
    const parsed = MessageResponseSchema.safeParse(body);
    if (parsed.success) await db.messages.put(messageRow(parsed.data.mensagem));
  },
  async discarded(db, entry) {
    await db.messages.delete(`local:${entry.mutationId}`);
  },
};
