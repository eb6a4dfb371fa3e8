import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { Notification } from '../../contract/schemas/notifications.ts';
import { NOTIFICATION_TIPO, notificationLink } from '../../contract/notification-kinds.ts';
import type { InvitationState } from '../../contract/schemas/notification-data.ts';
import type { OutboxEntry } from '../db/outbox-types.ts';
import { myEntriesAtom, syncStateOf, type SyncState } from './outbox.ts';
import type { CounterName } from '../../contract/schemas/signals.ts';
import { liveAtom, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { runEnqueue } from './enqueue-action.ts';
import { countersAtom, resetCounterAtom } from './community.ts';

// The notifications page (SPEC §2 /dashboard/notifications): read from the store that the list refresh, realtime
// and the service worker's push handler write (DESIGN §3), so it shows offline what it last showed.

/** How many stored notifications the page reads at most (the store keeps up to 500, sync/prune.ts). */
const READ_LIMIT = 500;

/** A group invitation's notice as the page shows it: where it stands, and the answer on its way (if any). */
export interface InvitationView {
  groupId: string;
  state: InvitationState;
  /** The answer still in the outbox: its state and, when refused, the server's reason. */
  answer: { sync: SyncState; error: string | null } | null;
}

/** A notification as the page shows it: what it is, and the screen it opens (null: nothing of its own). */
export type NotificationItem = Notification & { href: string | null; invitation: InvitationView | null };

const INVITATION_ANSWERS: Readonly<Record<string, InvitationState>> = {
  'group.acceptInvitation': 'aceite',
  'group.ignoreInvitation': 'ignorado',
};

function invitationOf(n: Notification, entries: readonly OutboxEntry[]): InvitationView | null {
  if (n.tipo !== NOTIFICATION_TIPO.groupInvitation || n.recurso?.tipo !== 'grupo') return null;
  const groupId = n.recurso.id;
  // The newest answer of this group's invitation still waiting: the notice shows it, whatever a refresh brought.
  const answering = entries.filter((entry) => INVITATION_ANSWERS[entry.kind] && entry.ref?.id === groupId);
  const latest = answering[answering.length - 1];
  const state = latest ? (INVITATION_ANSWERS[latest.kind] ?? 'pendente') : (n.dados?.convite ?? 'pendente');
  return { groupId, state, answer: latest ? { sync: syncStateOf(answering, latest.mutationId), error: latest.error } : null };
}

export const notificationsAtom: Atom<NotificationItem[] | Pending> = viewAtom(
  personalAtom([], () => db.notifications.orderBy('sortKey').reverse().limit(READ_LIMIT).toArray()),
  (rows, get) => {
    const entries = get(myEntriesAtom);
    return rows.map((row) => ({ ...row.data, href: notificationLink(row.data), invitation: invitationOf(row.data, entries) }));
  },
);

/**
 * Accepts or ignores a group invitation from its notice: saved on this phone (the notice shows the answer at once)
 * and sent through the outbox, so it also works offline. Accepting goes through the group's seats and paywall.
 */
export const answerInvitationAtom = atom(null, (get, _set, input: { groupId: string; answer: 'aceitar' | 'ignorar' }) =>
  runEnqueue(get(sessionUserAtom), (sync, userId) => sync.answerGroupInvitation(db, { userId, groupId: input.groupId, answer: input.answer })),
);

/** When the list was last refreshed, its last error, and whether the server has older pages. */
export const notificationsMetaAtom = liveAtom(() => db.syncMeta.get('notifications'));

export const refreshNotificationsAtom = atom(null, async (_get, _set, options?: { force?: boolean }) => {
  const sync = await loadSync();
  await sync.refreshNotifications(db, options);
});

export const loadOlderNotificationsAtom = atom(null, async () => {
  const sync = await loadSync();
  return sync.loadOlderNotifications(db);
});

/** The unread counters the notifications page answers for (its menu entry's, SPEC §4). */
const PAGE_COUNTERS: readonly CounterName[] = ['newNotification', 'newReportMade', 'newReportAgainst'];

/**
 * The user has seen the list (SPEC §4: the page shown for 2 s): the unread ones shown are marked read (outbox, also
 * offline) and the page's counters go to 0. Counters already at 0 are left alone.
 */
export const markNotificationsSeenAtom = atom(null, async (get, set, ids: readonly string[]) => {
  const counters = get(countersAtom);
  for (const name of PAGE_COUNTERS) if ((counters.get(name) ?? 0) > 0) await set(resetCounterAtom, name);
  if (ids.length === 0) return;
  await runEnqueue(get(sessionUserAtom), (sync, userId) => sync.markNotificationsRead(db, userId, ids));
});
