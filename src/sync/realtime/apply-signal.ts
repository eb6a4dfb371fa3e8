import type { AppDb } from '../../db/app-db.ts';
import { messageSortKey, type ChatKey } from '../../db/mirror-types.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { NovoSinalEventSchema, type CounterName, type MensagemSignal, type NotificacaoSignal } from '../../../contract/schemas/signals.ts';

const CHAT_COUNTERS: Record<MensagemSignal['chatType'], CounterName | null> = {
  conversa: 'newMessage',
  grupo: 'newGroupMessage',
  sala: null,
};

async function bump(tx: StoreTables, name: CounterName): Promise<void> {
  const current = await tx.counters.get(name);
  await tx.counters.put({ name, count: (current?.count ?? 0) + 1 });
}

/** The chat's row in its list shows the new message as its last one (the row keeps its own shape per chat type). */
async function touchSummary(tx: StoreTables, signal: MensagemSignal): Promise<void> {
  const last = { lastMessageAt: signal.createdAt, lastSender: { id: signal.sender.id, nome: signal.sender.nome } };
  if (signal.chatType === 'conversa') {
    // A conversation's preview also carries its unread count; that count comes with the next refresh.
    const row = await tx.conversations.get(signal.chatId);
    const lastMessage = row && { ...row.data.lastMessage, message: signal.mensagem };
    if (row && lastMessage) await tx.conversations.put({ ...row, lastMessageAt: signal.createdAt, data: { ...row.data, ...last, lastMessage } });
  } else if (signal.chatType === 'grupo') {
    const row = await tx.groups.get(signal.chatId);
    if (row) await tx.groups.put({ ...row, lastMessageAt: signal.createdAt, data: { ...row.data, ...last, lastMessage: signal.mensagem } });
  } else {
    const row = await tx.rooms.get(signal.chatId);
    if (row) await tx.rooms.put({ ...row, lastMessageAt: signal.createdAt, data: { ...row.data, ...last, lastMessage: signal.mensagem } });
  }
}

async function applyMessage(tx: StoreTables, signal: MensagemSignal, selfId: string): Promise<void> {
  const chatKey: ChatKey = `${signal.chatType}:${signal.chatId}`;
  // A message already known (our own echo, or a replay after a reconnect) changes nothing.
  if (await tx.messages.get(signal.id)) return;
  await tx.messages.put({
    id: signal.id,
    chatKey,
    sortKey: messageSortKey(signal.createdAt, signal.id),
    senderId: signal.sender.id,
    sender: { nome: signal.sender.nome, nomeUsuario: signal.sender.nomeUsuario },
    mensagem: signal.mensagem,
    imagens: signal.imagens,
    createdAt: signal.createdAt,
    recurso: signal.recurso ?? null,
  });
  await touchSummary(tx, signal);
  const counter = CHAT_COUNTERS[signal.chatType];
  if (counter && signal.sender.id !== selfId) await bump(tx, counter);
}

async function applyNotification(tx: StoreTables, signal: NotificacaoSignal): Promise<void> {
  if (await tx.notifications.get(signal.id)) return;
  const { counter, ...notification } = signal;
  // Stored as the list returns it: a new notification is unread and points at nothing more than its text says.
  await tx.notifications.put({ id: signal.id, sortKey: messageSortKey(signal.createdAt, signal.id), data: { ...notification, recurso: null, lida: false } });
  if (counter) await bump(tx, counter);
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
  return writeForOwner(db, selfId, async (tx) => {
    if ('mensagem' in sinal) await applyMessage(tx, sinal.mensagem, selfId);
    else await applyNotification(tx, sinal.notificacao);
  });
}
