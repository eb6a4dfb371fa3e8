import type { AppDb } from '../../db/app-db.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { fetchClientConfig, fetchOnlineUsers } from '../../api/realtime.ts';
import { NOVO_SINAL_EVENT, userChannel } from '../../../contract/schemas/realtime.ts';
import { applySignal } from './apply-signal.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { groupsList, refreshList, roomsList } from '../resources/lists.ts';
import { refreshSession } from '../session-actions.ts';
import { refreshPayments } from '../resources/payments.ts';
import { refreshLicence } from '../resources/account.ts';
import { sessionChangesSettled } from '../session-changes.ts';

/**
 * The server closes a connection with 4009 (unauthorized) when the user's sessions ended: sign-out, a password
 * change or reset, "sign out of every device" (docs/decisions.md, "Ended sessions and live channels").
 */
const SESSION_ENDED_CLOSE = 4009;

export interface RealtimeHandlers {
  /** Pusher never replays: after every reconnect the caller pulls what was missed (DESIGN §3). */
  onReconnect: () => void;
  /**
   * The channel is live for the first time. What happened between the start's reads and this moment was not pushed
   * and never will be: the caller pulls what a user would miss (the unread counters), as after a reconnect.
   */
  onFirstSubscribed: () => void;
  /**
   * The server closed the connection because sessions of the user ended, and this phone's session is still live
   * (its own password change renewed its cookie, or another device was signed out): the connection is opened again,
   * and what was bound under the ended session (this device's push) is bound again.
   */
  onSessionStillLive: () => void;
}

interface PresenceMembers {
  each(callback: (member: { id: string }) => void): void;
}

/**
 * Connects pusher-js (loaded on demand, after the first paint) to `presence-{userId}` with the server's channel
 * authorization, writes `novoSinal` into the store and keeps the online list (SPEC §4 Presence) in kv.
 * Returns the function that disconnects.
 */
export async function connectRealtime(db: AppDb, userId: string, handlers: RealtimeHandlers): Promise<() => void> {
  const config = await fetchClientConfig();
  if (config.kind !== 'ok') return () => {};
  const { default: Pusher } = await import('pusher-js');
  const settings = config.data.pusher;
  const secure = location.protocol === 'https:';
  const pagePort = Number(location.port) || (secure ? 443 : 80);
  const pusher = new Pusher(settings.key, {
    cluster: settings.cluster,
    wsHost: settings.wsHost || location.hostname,
    wsPort: settings.wsPort ?? pagePort,
    wssPort: settings.wssPort ?? pagePort,
    forceTLS: settings.forceTLS || secure,
    enabledTransports: settings.enabledTransports,
    channelAuthorization: { endpoint: settings.authEndpoint, transport: 'ajax' },
    userAuthentication: { endpoint: settings.userAuthEndpoint, transport: 'ajax' },
  });
  // Signed in as its user, the connection is closed when the user's sessions end, on hosted Pusher too (it closes
  // only signed-in connections); pusher-js signs in again after each reconnect.
  pusher.signin();

  const channel = pusher.subscribe(userChannel(userId));
  // A message in a group or room this phone does not list yet: that list is fetched again, so it shows at once.
  const onMissingChat = (chatType: string) => {
    if (chatType === 'grupo') void refreshList(db, groupsList(), true);
    else if (chatType === 'sala') void refreshList(db, roomsList(), true);
  };
  channel.bind(NOVO_SINAL_EVENT, (data: unknown) =>
    void applySignal(db, data, userId, onMissingChat).then((wrote) => {
      // A notification about one of the user's payments (paid, refused, expired, under review): the payments and
      // the licence shown are fetched again, so every payment screen shows the new state live.
      if (wrote && aboutPayment(data)) void Promise.all([refreshPayments(db, { force: true }), refreshLicence(db, { force: true })]);
    }),
  );
  let subscribedBefore = false;
  channel.bind('pusher:subscription_succeeded', (members: PresenceMembers) => {
    if (!subscribedBefore) handlers.onFirstSubscribed();
    subscribedBefore = true;
    const ids: string[] = [];
    members.each((member) => ids.push(String(member.id)));
    void updateOnline(db, userId, (current) => new Set([...current, ...ids]));
  });
  channel.bind('pusher:member_added', (member: { id: string }) => {
    void updateOnline(db, userId, (current) => new Set([...current, String(member.id)]));
  });
  channel.bind('pusher:member_removed', (member: { id: string }) => {
    void updateOnline(db, userId, (current) => new Set([...current].filter((id) => id !== String(member.id))));
  });

  let connectedBefore = false;
  pusher.connection.bind('state_change', (states: { previous: string; current: string }) => {
    if (states.current !== 'connected') return;
    if (connectedBefore) handlers.onReconnect();
    connectedBefore = true;
  });

  // pusher-js does not reconnect after 4009, so it never resubscribes with a cookie whose session ended. The
  // session is asked first: ended, the stored session becomes "signed out" and the app leaves this user (which
  // ends this connection); still live, the connection opens again once pusher-js has let the old one go.
  let ended = false;
  const disconnected = () =>
    new Promise<void>((resolve) => {
      if (pusher.connection.state === 'disconnected') return resolve();
      const done = (states: { current: string }) => {
        if (states.current !== 'disconnected') return;
        pusher.connection.unbind('state_change', done);
        resolve();
      };
      pusher.connection.bind('state_change', done);
    });
  const afterSessionEnded = async () => {
    // This page's own password change closed the connection too: its renewed cookie comes with that answer.
    await sessionChangesSettled();
    await Promise.all([refreshSession(db), disconnected()]);
    if (ended || (await readMirrorOwner(db)) !== userId) return;
    handlers.onSessionStillLive();
    pusher.connect();
  };
  pusher.connection.bind('error', (error: { type?: string; data?: { code?: unknown } } | undefined) => {
    if (error?.type === 'PusherError' && error.data?.code === SESSION_ENDED_CLOSE) void afterSessionEnded();
  });

  return () => {
    ended = true;
    pusher.disconnect();
  };
}

/**
 * The online list from the server (GET mostrarUsuariosOnline, at start and every 300 s, SPEC §7), merged with what
 * presence reports live. The current user is always in it.
 */
export async function refreshOnlineUsers(db: AppDb, selfId: string): Promise<void> {
  const result = await fetchOnlineUsers();
  if (result.kind !== 'ok') return;
  await updateOnline(db, selfId, () => new Set(result.data.usuarios.map((user) => user.id)));
}

/** Read-modify-write of the online list in one transaction (presence events and the refresher both change it). */
async function updateOnline(db: AppDb, selfId: string, change: (current: Set<string>) => Set<string>): Promise<void> {
  await writeForOwner(db, selfId, async (tx) => {
    const record = await tx.kv.get('onlineUsers');
    const next = change(new Set(record?.key === 'onlineUsers' ? record.ids : []));
    next.add(selfId);
    await tx.kv.put({ key: 'onlineUsers', ids: [...next] });
  });
}

/** Whether a signal (already parsed by applySignal) is a notification about a payment. */
function aboutPayment(data: unknown): boolean {
  const sinal = (data as { sinal?: { notificacao?: { pagamentoId?: unknown } } } | null)?.sinal;
  return typeof sinal?.notificacao?.pagamentoId === 'string';
}
