import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { ChatKey, StoredMessage } from '../db/mirror-types.ts';
import type { OutboxEntry } from '../db/outbox-types.ts';
import type { SyncMeta } from '../db/types.ts';
import type { ChatType, CounterName } from '../../contract/schemas/signals.ts';
import type { Conversation } from '../../contract/schemas/chats.ts';
import type { GroupSummary } from '../../contract/schemas/groups.ts';
import type { Room } from '../../contract/schemas/rooms.ts';
import { myEntriesAtom, syncStateOf, type SyncState } from './outbox.ts';
import { cachedAtom, liveAtom, PENDING, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { runEnqueue } from './enqueue-action.ts';
import { byCodeUnits } from '../lib/compare.ts';

// Community read atoms (Dexie liveQuery) and action atoms (optimistic row + outbox entry in one transaction).

export const conversationsAtom: Atom<Conversation[] | Pending> = viewAtom(
  personalAtom([], () => db.conversations.orderBy('lastMessageAt').reverse().limit(250).toArray()),
  (rows) => rows.map((row) => row.data),
);

/** A group in the list, with where an edit of it stands. */
export type GroupItem = GroupSummary & { sync: SyncState };

export const groupsAtom: Atom<GroupItem[] | Pending> = viewAtom(
  personalAtom([], () => db.groups.orderBy('lastMessageAt').reverse().limit(250).toArray()),
  (rows, get) => {
    const entries = get(myEntriesAtom);
    return rows.map((row) => ({ ...row.data, sync: syncStateOf(entries, row.pendingMutationId) }));
  },
);

export const roomsAtom: Atom<Room[] | Pending> = viewAtom(
  personalAtom([], () => db.rooms.orderBy('lastMessageAt').reverse().limit(250).toArray()),
  (rows) => rows.map((row) => row.data),
);

const countersRecordAtom = personalAtom([], () => db.counters.toArray());

export const countersAtom = atom((get) => {
  const rows = get(countersRecordAtom);
  return new Map(rows === PENDING ? [] : rows.map((row) => [row.name, row.count]));
});

/** The header drawer button shows the sum of every unread counter (SPEC §2). */
export const unreadTotalAtom = atom((get) => [...get(countersAtom).values()].reduce((sum, count) => sum + count, 0));

/** A message as a chat shows it: own messages also say where they are on their way to the server. */
export interface ChatMessage {
  /** The server id, or `local:N` until the server has it. */
  id: string;
  /** Its place in the chat (time, then id). */
  sortKey: string;
  senderId: string;
  /** The sender's name, for group and room chats (null when not known on this phone). */
  senderName: string | null;
  mensagem: string;
  imagens: { url: string }[];
  createdAt: string;
  /** A shared slip. */
  recurso: { tipo: string; id: string } | null;
  sync: SyncState;
}

function chatMessageOf(row: StoredMessage, entries: OutboxEntry[]): ChatMessage {
  const { id, sortKey, senderId, mensagem, imagens, createdAt } = row;
  return {
    id,
    sortKey,
    senderId,
    senderName: row.sender?.nome ?? null,
    mensagem,
    imagens,
    createdAt,
    recurso: row.recurso ?? null,
    sync: syncStateOf(entries, row.pendingMutationId),
  };
}

const messageAtoms = new Map<string, Atom<ChatMessage[] | Pending>>();

/**
 * The newest `limit` messages of a chat, oldest first, read by key range on [chatKey+sortKey] (never offsets). Until
 * paging has reached the chat's start, only messages down to the oldest one paging brought (the meta's floor) are
 * read: older ones on the phone may have holes, and a reader scrolling past a hole would never see what is missing.
 * Messages written on this phone and still on their way show wherever they fall.
 */
export function messagesAtom(chatKey: ChatKey, limit: number): Atom<ChatMessage[] | Pending> {
  return cachedAtom(messageAtoms, `${chatKey}|${limit}`, () =>
    viewAtom(
      personalAtom([], () =>
        db.syncMeta.get(`messages:${chatKey}`).then((meta) => {
          const floor = meta && meta.noMore !== true && meta.floor ? meta.floor : '';
          return db.messages
            .where('[chatKey+sortKey]')
            .between([chatKey, floor], [chatKey, '\uffff'])
            .reverse()
            .limit(limit)
            .toArray()
            .then((rows) => (floor ? withUnsentBelow(chatKey, floor, rows.reverse()) : rows.reverse()));
        }),
      ),
      (rows, get) => {
        const entries = get(myEntriesAtom);
        return rows.map((row) => chatMessageOf(row, entries));
      },
    ),
  );
}

/** `rows` with this phone's messages of the chat still in the outbox that sort below `floor` (few: the outbox's). */
function withUnsentBelow(chatKey: ChatKey, floor: string, rows: StoredMessage[]) {
  return db.outbox
    .toArray()
    .then((entries) => db.messages.bulkGet(entries.map((entry) => `local:${entry.mutationId}`)))
    .then((locals) => {
      const below = locals.filter((row): row is StoredMessage => !!row && row.chatKey === chatKey && row.sortKey < floor);
      return [...below.sort((a, b) => byCodeUnits(a.sortKey, b.sortKey)), ...rows];
    });
}

export const sendMessageAtom = atom(
  null,
  (get, _set, input: { target: { chatType: ChatType; chatId: string } | { conversaWith: string }; mensagem: string; imagens: string[] }) =>
    runEnqueue(get(sessionUserAtom), (sync, userId) => sync.sendMessage(db, { userId, ...input })),
);

export const resetCounterAtom = atom(null, (get, _set, name: CounterName) =>
  runEnqueue(get(sessionUserAtom), (sync, userId) => sync.resetCounter(db, userId, name)),
);

export const markConversationReadAtom = atom(null, (get, _set, conversaId: string) =>
  runEnqueue(get(sessionUserAtom), (sync, userId) => sync.markConversationRead(db, userId, conversaId)),
);

export const refreshCommunityAtom = atom(null, async (_get, _set, options?: { force?: boolean }) => {
  const sync = await loadSync();
  await Promise.all([
    sync.refreshList(db, sync.conversationsList(), options?.force),
    sync.refreshList(db, sync.groupsList(), options?.force),
    sync.refreshList(db, sync.roomsList(), options?.force),
    sync.refreshCounters(db, options),
  ]);
});

export const pullMessagesAtom = atom(null, async (_get, _set, input: { chatType: ChatType; chatId: string; older?: boolean }) => {
  const sync = await loadSync();
  if (input.older) return sync.pullOlderMessages(db, input.chatType, input.chatId);
  await sync.pullLatestMessages(db, input.chatType, input.chatId);
  return 'loaded' as const;
});

export const openConversationAtom = atom(null, async (_get, _set, nomeUsuario: string) =>
  (await loadSync()).openConversationWith(db, nomeUsuario),
);

export const conversationsMetaAtom = liveAtom(() => db.syncMeta.get('conversations'));

const chatMetaAtoms = new Map<string, ReturnType<typeof liveAtom<SyncMeta | undefined>>>();

/** Where paging back through a chat's messages stands (its oldest cursor, whether the server has older ones). */
export function chatMetaAtom(chatKey: ChatKey) {
  return cachedAtom(chatMetaAtoms, chatKey, () => liveAtom(() => db.syncMeta.get(`messages:${chatKey}`)));
}
