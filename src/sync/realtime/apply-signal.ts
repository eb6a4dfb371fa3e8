import type { AppDb } from '../../db/app-db.ts';
import type { EntityTable } from 'dexie';
import { messageSortKey, type ChatKey, type StoredChatSummary } from '../../db/mirror-types.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { NovoSinalEventSchema, type CounterName, type MensagemSignal, type NotificacaoSignal } from '../../../contract/schemas/signals.ts';

const CHAT_COUNTERS: Record<MensagemSignal['chatType'], CounterName | null> = {
  conversa: 'newMessage',
  grupo: 'newGroupMessage',
  sala: null,
};

async function bump(db: AppDb, name: CounterName): Promise<void> {
  const current = await db.counters.get(name);
  await db.counters.put({ name, count: (current?.count ?? 0) + 1 });
}

async function applyMessage(db: AppDb, signal: MensagemSignal, selfId: string): Promise<void> {
  const chatKey: ChatKey = `${signal.chatType}:${signal.chatId}`;
  // A message already known (our own echo, or a replay after a reconnect) changes nothing.
  if (await db.messages.get(signal.id)) return;
  await db.messages.put({
    id: signal.id,
    chatKey,
    sortKey: messageSortKey(signal.createdAt, signal.id),
    senderId: signal.sender.id,
    mensagem: signal.mensagem,
    imagens: signal.imagens,
    createdAt: signal.createdAt,
    recurso: signal.recurso ?? null,
  });
  // The three summary tables share the fields touched here; a room's extra eventId is kept by the spread below.
  const summaries = (signal.chatType === 'conversa' ? db.conversations : signal.chatType === 'grupo' ? db.groups : db.rooms) as unknown as EntityTable<
    StoredChatSummary,
    'id'
  >;
  const summary = await summaries.get(signal.chatId);
  if (summary) {
    await summaries.put({
      ...summary,
      lastMessageAt: signal.createdAt,
      data: { ...summary.data, lastMessageAt: signal.createdAt, lastSender: { id: signal.sender.id, nome: signal.sender.nome }, lastMessage: signal.mensagem },
    });
  }
  const counter = CHAT_COUNTERS[signal.chatType];
  if (counter && signal.sender.id !== selfId) await bump(db, counter);
}

async function applyNotification(db: AppDb, signal: NotificacaoSignal): Promise<void> {
  if (await db.notifications.get(signal.id)) return;
  await db.notifications.put({ id: signal.id, sortKey: messageSortKey(signal.createdAt, signal.id), data: signal });
  if (signal.counter) await bump(db, signal.counter);
}

/**
 * Folds a `novoSinal` payload into the store (DESIGN §3: realtime writes Dexie; screens follow through atoms).
 * A payload that does not parse is dropped with a warning: a bad signal must never break the app.
 */
export async function applySignal(db: AppDb, payload: unknown, selfId: string): Promise<boolean> {
  const parsed = NovoSinalEventSchema.safeParse(payload);
  if (!parsed.success) {
    console.warn('[realtime] ignored a signal that does not match the contract');
    return false;
  }
  const sinal = parsed.data.sinal;
  // A signal for someone who is no longer the mirror's owner (a connection or a push that outlived a sign-out) is
  // theirs alone: it is not written.
  return writeForOwner(db, selfId, async () => {
    if ('mensagem' in sinal) await applyMessage(db, sinal.mensagem, selfId);
    else await applyNotification(db, sinal.notificacao);
  });
}
