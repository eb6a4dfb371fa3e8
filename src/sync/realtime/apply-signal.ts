import type { AppDb } from '../../db/app-db.ts';
import { messageSortKey, type ChatKey } from '../../db/mirror-types.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { dropAnsweredCopies } from '../outbox/answered-copies.ts';
import { foldSlipEvent } from '../resources/slip-events.ts';
import {
  NovoSinalEventSchema,
  type CounterName,
  type MensagemSignal,
  type NotificacaoSignal,
  type SignalSender,
} from '../../../contract/schemas/signals.ts';
import type { PublicUser } from '../../../contract/schemas/auth.ts';
import type { Conversation } from '../../../contract/schemas/chats.ts';

const CHAT_COUNTERS: Record<MensagemSignal['chatType'], CounterName | null> = {
  conversa: 'newMessage',
  grupo: 'newGroupMessage',
  sala: null,
};

async function bump(tx: StoreTables, name: CounterName): Promise<void> {
  const current = await tx.counters.get(name);
  await tx.counters.put({ name, count: (current?.count ?? 0) + 1, changedAt: Date.now() });
}

/** The signed-in user as a conversation names its people (from the stored session). */
async function selfAsPublicUser(tx: StoreTables, selfId: string): Promise<PublicUser> {
  const record = await tx.kv.get('session');
  const user = record?.key === 'session' && record.session?.user.id === selfId ? record.session.user : null;
  const known = (await tx.users.get(selfId))?.data as Partial<PublicUser> | undefined;
  return {
    id: selfId,
    nome: known?.nome ?? user?.name ?? user?.nomeUsuario ?? selfId,
    nomeUsuario: user?.nomeUsuario ?? known?.nomeUsuario ?? selfId,
    fotografia: known?.fotografia ?? user?.image ?? null,
    role: user?.role ?? known?.role ?? 'usuario',
  };
}

/** The sender as a conversation names them; their role from what this phone has seen of them. */
async function senderAsPublicUser(tx: StoreTables, sender: SignalSender): Promise<PublicUser> {
  const known = (await tx.users.get(sender.id))?.data as Partial<PublicUser> | undefined;
  return { ...sender, role: known?.role ?? 'usuario' };
}

/**
 * The chat's row in its list shows the new message as its last one (the row keeps its own shape per chat type); a
 * message from someone else marks a conversation unread and adds one to its count. A conversation not on this phone
 * yet (someone's first message) is written from the signal, so the list shows it at once; returns false when the
 * chat's row is missing and could not be made here (a group or room), for the caller to refresh that list.
 */
async function touchSummary(tx: StoreTables, signal: MensagemSignal, selfId: string): Promise<boolean> {
  const last = { lastMessageAt: signal.createdAt, lastSender: { id: signal.sender.id, nome: signal.sender.nome } };
  const incoming = signal.sender.id !== selfId;
  if (signal.chatType === 'conversa') {
    const row = await tx.conversations.get(signal.chatId);
    if (row) {
      const count = row.data.lastMessage.count + (incoming ? 1 : 0);
      const novaMensagem = incoming || row.data.novaMensagem;
      await tx.conversations.put({
        ...row,
        lastMessageAt: signal.createdAt,
        liveAt: Date.now(),
        data: { ...row.data, ...last, novaMensagem, lastMessage: { message: signal.mensagem, count } },
      });
      return true;
    }
    const self = await selfAsPublicUser(tx, selfId);
    const sender = await senderAsPublicUser(tx, signal.sender);
    const data: Conversation = {
      id: signal.chatId,
      primeiroUsuario: sender,
      segundoUsuario: self,
      novaMensagem: incoming,
      ...last,
      lastMessage: { message: signal.mensagem, count: incoming ? 1 : 0 },
      createdAt: signal.createdAt,
    };
    await tx.conversations.put({ id: signal.chatId, lastMessageAt: signal.createdAt, liveAt: Date.now(), data });
    return true;
  }
  if (signal.chatType === 'grupo') {
    const row = await tx.groups.get(signal.chatId);
    if (row) await tx.groups.put({ ...row, lastMessageAt: signal.createdAt, data: { ...row.data, ...last, lastMessage: signal.mensagem } });
    return !!row;
  }
  const row = await tx.rooms.get(signal.chatId);
  if (row) await tx.rooms.put({ ...row, lastMessageAt: signal.createdAt, data: { ...row.data, ...last, lastMessage: signal.mensagem } });
  return !!row;
}

/** Stores a message; returns whether its chat's list row was missing (see touchSummary). */
async function applyMessage(tx: StoreTables, signal: MensagemSignal, selfId: string): Promise<boolean> {
  const chatKey: ChatKey = `${signal.chatType}:${signal.chatId}`;
  // A message already known (our own echo, or a replay after a reconnect) changes nothing.
  if (await tx.messages.get(signal.id)) return false;
  await dropAnsweredCopies(tx, [signal.id]);
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
  const listed = await touchSummary(tx, signal, selfId);
  const counter = CHAT_COUNTERS[signal.chatType];
  if (counter && signal.sender.id !== selfId) await bump(tx, counter);
  return !listed;
}

async function applyNotification(tx: StoreTables, signal: NotificacaoSignal): Promise<void> {
  if (await tx.notifications.get(signal.id)) return;
  const { counter, ...notification } = signal;
  // Stored as the list returns it: a new notification is unread, with what it concerns and its facts.
  await tx.notifications.put({ id: signal.id, sortKey: messageSortKey(signal.createdAt, signal.id), data: { ...notification, recurso: notification.recurso ?? null, lida: false } });
  await foldSlipEvent(tx, signal);
  if (counter) await bump(tx, counter);
}

/**
 * Folds a `novoSinal` payload into the store (DESIGN §3: realtime writes Dexie; screens follow through atoms).
 * A payload that does not parse is dropped with a warning: a bad signal must never break the app.
 */
export async function applySignal(
  db: AppDb,
  payload: unknown,
  selfId: string,
  /** Called after the write when the message's group or room is not in its list on this phone yet. */
  onMissingChat?: (chatType: MensagemSignal['chatType']) => void,
): Promise<boolean> {
  const parsed = NovoSinalEventSchema.safeParse(payload);
  if (!parsed.success) {
    console.warn('[realtime] ignored a signal that does not match the contract');
    return false;
  }
  const sinal = parsed.data.sinal;
  // A signal for someone who is no longer the mirror's owner (a connection or a push that outlived a sign-out) is
  // theirs alone: it is not written.
  let missing = false;
  const wrote = await writeForOwner(db, selfId, async (tx) => {
    if ('mensagem' in sinal) missing = await applyMessage(tx, sinal.mensagem, selfId);
    else await applyNotification(tx, sinal.notificacao);
  });
  if (wrote && missing && 'mensagem' in sinal) onMissingChat?.(sinal.mensagem.chatType);
  return wrote;
}
