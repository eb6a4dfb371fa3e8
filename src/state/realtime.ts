import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { PENDING } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { REFRESH_ONLINE_MS } from '../../contract/limits.ts';
import { isDataSaverOn } from './data-saver.ts';
import { startPush } from './push.ts';

/**
 * Live connection for the signed-in user; returns the function that ends it. Every reconnect asks the session
 * and the outbox to catch up (Pusher never replays what was missed).
 */
export function startRealtime(userId: string): () => void {
  let disconnect: (() => void) | null = null;
  let stopped = false;
  let onlineTimer: ReturnType<typeof setInterval> | null = null;
  void loadSync().then(async (sync) => {
    void sync.refreshCounters(db);
    void sync.refreshLicence(db);
    void sync.refreshProfile(db);
    void sync.refreshOnlineUsers(db, userId);
    onlineTimer = setInterval(() => {
      if (navigator.onLine) void sync.refreshOnlineUsers(db, userId);
    }, isDataSaverOn() ? REFRESH_ONLINE_MS * 2 : REFRESH_ONLINE_MS);
    const end = await sync.connectRealtime(db, userId, {
      onReconnect: () => {
        void sync.refreshSession(db);
        void sync.outboxRunner(db).wake();
        void sync.refreshCounters(db, { force: true });
        void sync.refreshNotifications(db, { force: true });
        void sync.refreshList(db, sync.conversationsList(), true);
      },
      // A message sent while the channel was still connecting (after the counters above were read) would otherwise
      // leave the badge one short until the next refresh.
      onFirstSubscribed: () => void sync.refreshCounters(db, { force: true }),
      // Sessions of this user ended elsewhere, this one lives on: its push device was unbound with them.
      onSessionStillLive: () => startPush(userId),
    });
    if (stopped) end();
    else disconnect = end;
  });
  return () => {
    stopped = true;
    if (onlineTimer) clearInterval(onlineTimer);
    disconnect?.();
  };
}

const onlineRecordAtom = personalAtom(undefined, () => db.kv.get('onlineUsers'));

/** SPEC §4 Presence: who is in the live presence list; the current user always counts as online. */
export const onlineUserIdsAtom = atom((get) => {
  const record = get(onlineRecordAtom);
  const ids = new Set(record !== PENDING && record?.key === 'onlineUsers' ? record.ids : []);
  const user = get(sessionUserAtom);
  if (user) ids.add(user.id);
  return ids;
});
