// The state of the embedded Pusher-protocol server: who is subscribed to what, presence members, and fan-out
// (protocols §1.2). Transport-free: a socket is anything that can take a frame, so it is shared by the WebSocket
// handler (subscriptions, client events) and the HTTP API (triggers, channel info).

export interface OutFrame {
  event: string;
  channel?: string;
  /** Usually a JSON-encoded string, as real Pusher sends it. */
  data?: unknown;
  user_id?: string;
}

export interface HubSocket {
  readonly id: string;
  send(frame: OutFrame): void;
  /** A fatal error: `pusher:error` with the code, then the close with the same code (protocols §1.4). */
  refuse(code: number, message: string): void;
}

export interface PresenceMember {
  userId: string;
  userInfo: unknown;
}

interface ChannelState {
  sockets: Map<string, HubSocket>;
  /** Presence channels only: the member each socket joined as, and each user's sockets. */
  members: Map<string, PresenceMember>;
  userSockets: Map<string, Set<string>>;
}

export interface ChannelInfo {
  occupied: boolean;
  subscriptionCount: number;
  /** Presence channels only. */
  userCount?: number;
}

export function isPresence(channel: string): boolean {
  return channel.startsWith('presence-');
}

/** private- (including private-encrypted-) and presence- channels need a signed subscription. */
export function needsAuth(channel: string): boolean {
  return channel.startsWith('private-') || isPresence(channel);
}

export interface Hub {
  subscribe(socket: HubSocket, channel: string, member?: PresenceMember): void;
  unsubscribe(socket: HubSocket, channel: string): void;
  /** Everything the socket joined, on disconnect. */
  leaveAll(socket: HubSocket): void;
  isSubscribed(socket: HubSocket, channel: string): boolean;
  /** How many channels the socket is in. */
  channelCount(socket: HubSocket): number;
  memberOf(socket: HubSocket, channel: string): PresenceMember | undefined;
  /** An event from the HTTP API to every subscriber of each channel, except `exceptSocketId`. */
  publish(channels: readonly string[], event: string, data: string, exceptSocketId?: string): void;
  /** A client event to the channel's other sockets. */
  relay(from: HubSocket, channel: string, event: string, data: unknown): void;
  channelInfo(channel: string): ChannelInfo;
  /** Occupied channels, optionally only those starting with `prefix`. */
  channelNames(prefix?: string): string[];
  /** Presence channel members' user ids, each once. */
  userIds(channel: string): string[];
  /** The socket signed in as this user (pusher:signin), until it closes. */
  signIn(socket: HubSocket, userId: string): void;
  signedInUser(socket: HubSocket): string | undefined;
  /**
   * Closes every connection of the user with 4009 (unauthorized; pusher-js does not reconnect on 4000-4099): those
   * signed in as them and those subscribed to a presence channel as them. Answers how many were closed.
   */
  terminateUser(userId: string): number;
}

/** Why a connection of a user whose sessions ended is closed; short enough for a close frame. */
const TERMINATED_MESSAGE = 'Connection unauthorized: the session ended';
const UNAUTHORIZED_CLOSE = 4009;

export function createHub(): Hub {
  const channels = new Map<string, ChannelState>();
  const joined = new Map<string, Set<string>>();
  /** pusher:signin: the user each socket signed in as, and each user's signed-in sockets. */
  const signedIn = new Map<string, { userId: string; socket: HubSocket }>();
  const userConnections = new Map<string, Set<HubSocket>>();

  const state = (channel: string): ChannelState => {
    let found = channels.get(channel);
    if (!found) {
      found = { sockets: new Map(), members: new Map(), userSockets: new Map() };
      channels.set(channel, found);
    }
    return found;
  };

  const others = (channelState: ChannelState, exceptId: string | undefined) =>
    [...channelState.sockets.values()].filter((socket) => socket.id !== exceptId);

  const presenceData = (channelState: ChannelState) => {
    const hash: Record<string, unknown> = {};
    for (const member of channelState.members.values()) hash[member.userId] = member.userInfo;
    const ids = Object.keys(hash);
    return { presence: { ids, hash, count: ids.length } };
  };

  const hub: Hub = {
    subscribe(socket, channel, member) {
      const channelState = state(channel);
      const already = channelState.sockets.has(socket.id);
      channelState.sockets.set(socket.id, socket);
      let mine = joined.get(socket.id);
      if (!mine) {
        mine = new Set();
        joined.set(socket.id, mine);
      }
      mine.add(channel);

      if (!isPresence(channel) || !member) {
        socket.send({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
        return;
      }
      if (already) {
        const previous = channelState.members.get(socket.id);
        // A second subscribe as another user counts as leaving as the first one.
        if (previous && previous.userId !== member.userId) removeMember(channel, channelState, socket.id);
      }
      channelState.members.set(socket.id, member);
      let sockets = channelState.userSockets.get(member.userId);
      const firstOfUser = !sockets || sockets.size === 0;
      if (!sockets) {
        sockets = new Set();
        channelState.userSockets.set(member.userId, sockets);
      }
      sockets.add(socket.id);
      socket.send({ event: 'pusher_internal:subscription_succeeded', channel, data: JSON.stringify(presenceData(channelState)) });
      if (firstOfUser) {
        const added = JSON.stringify({ user_id: member.userId, user_info: member.userInfo });
        for (const other of others(channelState, socket.id)) {
          other.send({ event: 'pusher_internal:member_added', channel, data: added });
        }
      }
    },

    unsubscribe(socket, channel) {
      const channelState = channels.get(channel);
      joined.get(socket.id)?.delete(channel);
      if (!channelState || !channelState.sockets.delete(socket.id)) return;
      removeMember(channel, channelState, socket.id);
      if (channelState.sockets.size === 0) channels.delete(channel);
    },

    leaveAll(socket) {
      for (const channel of [...(joined.get(socket.id) ?? [])]) hub.unsubscribe(socket, channel);
      joined.delete(socket.id);
      const signed = signedIn.get(socket.id);
      if (signed) {
        signedIn.delete(socket.id);
        const sockets = userConnections.get(signed.userId);
        sockets?.delete(socket);
        if (sockets?.size === 0) userConnections.delete(signed.userId);
      }
    },

    isSubscribed(socket, channel) {
      return channels.get(channel)?.sockets.has(socket.id) ?? false;
    },

    channelCount(socket) {
      return joined.get(socket.id)?.size ?? 0;
    },

    memberOf(socket, channel) {
      return channels.get(channel)?.members.get(socket.id);
    },

    publish(names, event, data, exceptSocketId) {
      for (const channel of names) {
        const channelState = channels.get(channel);
        if (!channelState) continue;
        for (const socket of others(channelState, exceptSocketId)) socket.send({ event, channel, data });
      }
    },

    relay(from, channel, event, data) {
      const channelState = channels.get(channel);
      if (!channelState) return;
      const member = channelState.members.get(from.id);
      const frame: OutFrame = member ? { event, channel, data, user_id: member.userId } : { event, channel, data };
      for (const socket of others(channelState, from.id)) socket.send(frame);
    },

    channelInfo(channel) {
      const channelState = channels.get(channel);
      const subscriptionCount = channelState?.sockets.size ?? 0;
      const info: ChannelInfo = { occupied: subscriptionCount > 0, subscriptionCount };
      if (isPresence(channel)) info.userCount = channelState?.userSockets.size ?? 0;
      return info;
    },

    channelNames(prefix = '') {
      return [...channels.keys()].filter((name) => name.startsWith(prefix));
    },

    userIds(channel) {
      return [...(channels.get(channel)?.userSockets.keys() ?? [])];
    },

    signIn(socket, userId) {
      const previous = signedIn.get(socket.id);
      if (previous) userConnections.get(previous.userId)?.delete(socket);
      signedIn.set(socket.id, { userId, socket });
      let sockets = userConnections.get(userId);
      if (!sockets) {
        sockets = new Set();
        userConnections.set(userId, sockets);
      }
      sockets.add(socket);
    },

    signedInUser(socket) {
      return signedIn.get(socket.id)?.userId;
    },

    terminateUser(userId) {
      const sockets = new Set<HubSocket>(userConnections.get(userId) ?? []);
      for (const channelState of channels.values()) {
        for (const socketId of channelState.userSockets.get(userId) ?? []) {
          const socket = channelState.sockets.get(socketId);
          if (socket) sockets.add(socket);
        }
      }
      // Each close runs leaveAll (the socket's close handler), which changes the maps walked above: collected first.
      for (const socket of sockets) socket.refuse(UNAUTHORIZED_CLOSE, TERMINATED_MESSAGE);
      return sockets.size;
    },
  };

  function removeMember(channel: string, channelState: ChannelState, socketId: string): void {
    const member = channelState.members.get(socketId);
    if (!member) return;
    channelState.members.delete(socketId);
    const sockets = channelState.userSockets.get(member.userId);
    sockets?.delete(socketId);
    if (sockets && sockets.size > 0) return;
    channelState.userSockets.delete(member.userId);
    // member_removed only when the user's last socket leaves (protocols §1.2).
    const removed = JSON.stringify({ user_id: member.userId });
    for (const other of others(channelState, socketId)) {
      other.send({ event: 'pusher_internal:member_removed', channel, data: removed });
    }
  }

  return hub;
}
