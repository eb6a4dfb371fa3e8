import type { AppDb } from '../../db/app-db.ts';
import { messageSortKey, type ChatKey, type StoredMessage } from '../../db/mirror-types.ts';
import { chatPath, fetchMessages } from '../../api/social.ts';
import { MessageResponseSchema, type Mensagem } from '../../../contract/schemas/chats.ts';
import type { ChatType } from '../../../contract/schemas/signals.ts';
import { PAGE_SIZE } from '../../../contract/limits.ts';
import type { Applier } from '../outbox/appliers.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
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

/**
 * A page of the server's messages into the store, in place of the local copies it delivers (answered-copies.ts);
 * returns how many of them the phone did not have yet.
 */
async function storeMessages(tx: StoreTables, messages: Mensagem[]): Promise<number> {
  const ids = messages.map((message) => message.id);
  const known = await tx.messages.bulkGet(ids);
  await dropAnsweredCopies(tx, ids);
  await tx.messages.bulkPut(messages.map(messageRow));
  return known.filter((row) => row === undefined).length;
}

/**
 * The newest page of a chat into the store; older pages come with pullOlderMessages (key-range, never offsets).
 * A refresh while the reader has paged back keeps the cursor where paging stopped, but only when this page reaches
 * down to the run already pulled (its oldest message is not newer than the last newest page's newest): after more
 * messages than a page arrived unseen (the app closed, offline, another screen), the cursor starts again below this
 * page, so the messages in between are paged in rather than skipped.
 */
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
    const page = result.data.mensagens;
    await storeMessages(tx, page);
    const newest = page[0];
    const oldest = page.at(-1);
    const whole = result.data.nextBefore === null;
    const continues = !whole && meta?.cursor !== undefined && oldest !== undefined && meta.ceiling !== undefined && messageRow(oldest).sortKey <= meta.ceiling;
    await tx.syncMeta.put({
      resource: metaKey(key),
      refreshedAt: Date.now(),
      error: null,
      cursor: whole ? null : continues ? meta.cursor : result.data.nextBefore,
      noMore: whole || (continues && meta.noMore === true),
      ceiling: newest ? messageRow(newest).sortKey : meta?.ceiling,
      floor: continues ? meta.floor : oldest ? messageRow(oldest).sortKey : meta?.floor,
    });
  });
}

export type OlderOutcome = 'loaded' | 'no-more' | 'error';

/** Most pages one ask walks through that the phone already holds before it gives up for now (the next ask goes on). */
const MOST_KNOWN_PAGES = 100;

/** The asks for older messages running now, by store and chat: a second ask meanwhile waits for the same pages. */
const olderRunning = new Map<string, Promise<OlderOutcome>>();

/**
 * The page before the oldest one pulled, and on until a page brings a message the phone did not have: the pages
 * just before the cursor are often on the phone already (live signals, this phone's own messages, an earlier visit),
 * and a page of nothing new must not look like the start of the chat.
 */
export function pullOlderMessages(db: AppDb, chatType: ChatType, chatId: string): Promise<OlderOutcome> {
  const running = `${db.name}|${chatKeyOf({ chatType, chatId })}`;
  const already = olderRunning.get(running);
  if (already) return already;
  const pull = pullOlderPages(db, chatType, chatId).finally(() => olderRunning.delete(running));
  olderRunning.set(running, pull);
  return pull;
}

async function pullOlderPages(db: AppDb, chatType: ChatType, chatId: string): Promise<OlderOutcome> {
  const key = chatKeyOf({ chatType, chatId });
  for (let walked = 0; walked < MOST_KNOWN_PAGES; walked += 1) {
    const meta = await db.syncMeta.get(metaKey(key));
    if (!meta) {
      await pullLatestMessages(db, chatType, chatId);
      return 'loaded';
    }
    if (meta.error !== null) return 'error';
    if (meta.noMore || !meta.cursor) return 'no-more';
    const owner = await readMirrorOwner(db);
    const result = await fetchMessages(chatType, chatId, { size: PAGE_SIZE, before: meta.cursor });
    let fresh = 0;
    const stored = await writeForOwner(db, owner, async (tx) => {
      // Read again: a newest-page pull may have moved the cursor while this page was on its way.
      const now = await tx.syncMeta.get(metaKey(key));
      if (!now) return;
      if (result.kind !== 'ok') return tx.syncMeta.put({ ...now, error: result.message });
      const page = result.data.mensagens;
      fresh = await storeMessages(tx, page);
      const oldest = page.at(-1);
      if (now.cursor === meta.cursor) {
        await tx.syncMeta.put({
          ...now,
          cursor: result.data.nextBefore,
          noMore: result.data.nextBefore === null,
          floor: oldest ? messageRow(oldest).sortKey : now.floor,
        });
      }
    });
    if (!stored || result.kind !== 'ok') return 'error';
    if (fresh > 0 || result.data.nextBefore === null) return 'loaded';
  }
  return 'loaded';
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
