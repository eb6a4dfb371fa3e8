import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { StoredMessage, StoredNotification } from '../db/mirror-types.ts';
import type { CounterName } from '../../contract/schemas/signals.ts';
import { NOTIFICATION_TIPO, notificationLink } from '../../contract/notification-kinds.ts';
import { PENDING, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { sessionUserAtom } from './session.ts';
import { byCodeUnits } from '../lib/compare.ts';

// Live attention (SPEC §4): what arrived for the user while the app is open, read from the store that realtime and
// push write into (DESIGN §3). The shell's watcher turns each new arrival into a toast that opens it.

/** How many of the newest messages and notifications are watched. */
const WATCHED = 20;

/** Something that arrived for the user: a message from someone else in a conversation or a group, or a notification. */
export interface Arrival {
  id: string;
  kind: 'conversa' | 'grupo' | 'notificacao';
  /** Its time on the server (ISO), to tell what came after the watcher started from what was already here. */
  createdAt: string;
  /** Who wrote it (a conversation) or where (a group's name); null for a notification. */
  from: string | null;
  /** The message's text (possibly empty: an image or a shared slip), or the notification's. */
  text: string;
  hasImage: boolean;
  sharedSlip: boolean;
  /** The screen that shows it. */
  href: string;
  /** The unread counter it raised, reset at once when the toast is clicked (SPEC §4). */
  counter: CounterName;
  /** A notification as stored, for its wording in the app's language. */
  notification?: StoredNotification['data'];
}

/** The counter a notification raised (docs/api/social.md "Notifications"): the one its toast resets. */
function notificationCounter(tipo: string): CounterName {
  if (tipo === NOTIFICATION_TIPO.slipSettled || tipo === NOTIFICATION_TIPO.legSettled || tipo === NOTIFICATION_TIPO.legStarted) return 'newFichaUpdate';
  if (tipo === NOTIFICATION_TIPO.licence) return 'newLicenceNotification';
  if (tipo === NOTIFICATION_TIPO.groupSubscription || tipo === NOTIFICATION_TIPO.groupRefused) return 'newGroupSubscription';
  if (tipo === NOTIFICATION_TIPO.groupSubscriber) return 'newGroupSubscriber';
  if (tipo === NOTIFICATION_TIPO.reward) return 'newPaymentReceived';
  return 'newNotification';
}

interface Watched {
  messages: StoredMessage[];
  groupNames: Map<string, string>;
  notifications: StoredNotification[];
}

const watchedAtom = personalAtom<Watched>({ messages: [], groupNames: new Map(), notifications: [] }, () =>
  db.messages
    .orderBy('createdAt')
    .reverse()
    .limit(WATCHED)
    .toArray()
    .then((messages) => {
      const groupIds = [...new Set(messages.filter((row) => row.chatKey.startsWith('grupo:')).map((row) => row.chatKey.slice('grupo:'.length)))];
      return db.groups.bulkGet(groupIds).then((groups) =>
        db.notifications
          .orderBy('sortKey')
          .reverse()
          .limit(WATCHED)
          .toArray()
          .then((notifications) => ({
            messages,
            groupNames: new Map(groups.flatMap((group) => (group ? [[group.id, group.data.nome] as [string, string]] : []))),
            notifications,
          })),
      );
    }),
);

function messageArrival(row: StoredMessage, groupNames: Map<string, string>): Arrival | null {
  const [chatType, ...rest] = row.chatKey.split(':');
  const chatId = rest.join(':');
  const common = { id: row.id, createdAt: row.createdAt, text: row.mensagem, hasImage: row.imagens.length > 0, sharedSlip: !!row.recurso };
  if (chatType === 'conversa' && row.sender) {
    return {
      ...common,
      kind: 'conversa',
      from: row.sender.nome,
      href: `/dashboard/comunidade/conversas/${encodeURIComponent(row.sender.nomeUsuario)}`,
      counter: 'newMessage',
    };
  }
  if (chatType === 'grupo') {
    return {
      ...common,
      kind: 'grupo',
      from: groupNames.get(chatId) ?? row.sender?.nome ?? null,
      href: `/dashboard/comunidade/grupos/${encodeURIComponent(chatId)}`,
      counter: 'newGroupMessage',
    };
  }
  // Rooms are public and busy: their messages show in the room, not as toasts.
  return null;
}

/** The newest messages from others and notifications on this phone, newest first. */
export const arrivalsAtom: Atom<Arrival[] | Pending> = atom((get) => {
  const watched = get(watchedAtom);
  const user = get(sessionUserAtom);
  if (watched === PENDING || !user) return PENDING;
  const messages = watched.messages
    .filter((row) => row.senderId !== user.id && !row.id.startsWith('local:'))
    .flatMap((row) => messageArrival(row, watched.groupNames) ?? []);
  const notifications: Arrival[] = watched.notifications.map((row) => ({
    id: `notificacao:${row.id}`,
    kind: 'notificacao',
    createdAt: row.data.createdAt,
    from: null,
    text: row.data.mensagem,
    hasImage: false,
    sharedSlip: false,
    href: notificationLink(row.data) ?? (user.role === 'moderador' ? '/moderador/notifications' : '/dashboard/notifications'),
    counter: notificationCounter(row.data.tipo),
    notification: row.data,
  }));
  return [...messages, ...notifications].sort((a, b) => byCodeUnits(b.createdAt, a.createdAt));
});

const NOTIFICATION_PAGES = new Set(['/dashboard/notifications', '/moderador/notifications']);

/**
 * Whether `path` is the screen of `arrival` (the user is already reading it: no toast). A notification shows on the
 * notifications page too, where the user is reading the list it joins.
 */
export function isShowing(arrival: Arrival, path: string): boolean {
  const here = decodeURIComponent(path).toLowerCase();
  if (arrival.kind === 'notificacao' && NOTIFICATION_PAGES.has(here.replace(/\/+$/, ''))) return true;
  return here === decodeURIComponent(arrival.href).toLowerCase();
}

/** When this page was opened (its navigation start), as epoch ms. */
function appOpenedAt(): number {
  return typeof performance !== 'undefined' && performance.timeOrigin ? Math.round(performance.timeOrigin) : Date.now();
}

const trackers = new Map<string, ReturnType<typeof createArrivalTracker>>();

/**
 * The tracker of this page for a user: one for the page's life, so a screen change (which mounts the shell again) or
 * a slow first screen (the shell mounts after its code has loaded, maybe after a message landed) neither repeats a
 * toast nor loses one.
 */
export function arrivalTrackerFor(userId: string): ReturnType<typeof createArrivalTracker> {
  let tracker = trackers.get(userId);
  if (!tracker) {
    tracker = createArrivalTracker();
    trackers.set(userId, tracker);
  }
  return tracker;
}

/**
 * Keeps track of what the user was already told about. The first look at the store is taken as known, except what
 * is newer than the moment the app opened (a message can land while the store is still being read); after that each
 * arrival not seen before, newer than everything known and from the last minutes before the app opened or later is
 * new, once. Returns the new arrivals, oldest first.
 */
export function createArrivalTracker(openedAt: number = appOpenedAt()) {
  const startedAt = openedAt;
  const FRESH_MS = 10 * 60_000;
  let seen: Set<string> | null = null;
  let newest = '';
  // Never older than a few minutes before the app opened: the store fills in pieces after a sign-in (messages before
  // notifications, say), and what a later piece brings is not news because it is newer than the first piece.
  const isNew = (arrival: Arrival, known: Set<string>) =>
    !known.has(arrival.id) &&
    Date.parse(arrival.createdAt) > startedAt - FRESH_MS &&
    (!newest || arrival.createdAt > newest);
  return (arrivals: Arrival[]): Arrival[] => {
    let fresh: Arrival[];
    if (seen === null) {
      const opened = new Date(startedAt).toISOString();
      const before = arrivals.filter((arrival) => arrival.createdAt <= opened);
      fresh = arrivals.filter((arrival) => arrival.createdAt > opened);
      seen = new Set(before.map((arrival) => arrival.id));
      newest = before.reduce((max, arrival) => (arrival.createdAt > max ? arrival.createdAt : max), '');
    } else {
      const known = seen;
      fresh = arrivals.filter((arrival) => isNew(arrival, known));
    }
    for (const arrival of arrivals) seen.add(arrival.id);
    for (const arrival of fresh) if (arrival.createdAt > newest) newest = arrival.createdAt;
    return fresh.reverse();
  };
}
