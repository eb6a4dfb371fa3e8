// Rows of the mirror. Each keeps the server's object as the API returned it (`data`, typed by its contract/ schema)
// next to the fields its indexes need, so a new server field never needs a migration.
import type { PublicUser } from '../../contract/schemas/auth.ts';
import type { Conversation } from '../../contract/schemas/chats.ts';
import type { EventDetail } from '../../contract/schemas/events.ts';
import type { CommunityUser, Competicao, ExploreSelection } from '../../contract/schemas/explore.ts';
import type { GroupMember, GroupSummary } from '../../contract/schemas/groups.ts';
import type { Notification } from '../../contract/schemas/notifications.ts';
import type { Follows, MyProfileUser } from '../../contract/schemas/profile.ts';
import type { UserRecord } from '../../contract/schemas/record.ts';
import type { Reward } from '../../contract/schemas/rewards.ts';
import type { Room } from '../../contract/schemas/rooms.ts';
import type { Ficha } from '../../contract/schemas/slips.ts';

export interface StoredEventDetail {
  id: string;
  /** The event with its markets (GET /api/client/public/eventos/{id}). */
  data: EventDetail;
  refreshedAt: number;
}

/**
 * What an explore query returned, so a filter shows offline what it showed online: the ordered ids of rows of
 * another table (slips), or the results themselves (tips, community users, competitions) in the server's order.
 */
export interface StoredQuery {
  key: string;
  ids: string[];
  refreshedAt: number;
  tips?: ExploreSelection[];
  users?: CommunityUser[];
  competitions?: Competicao[];
  /** A reward seen on this phone (sync/resources/rewards.ts): the row `recompensa:{pagamentoId}`. */
  reward?: Reward;
}

export type SlipList = 'criadas' | 'guardadas' | 'ocultas' | 'publicas';

export interface StoredSlip {
  /** The server id, or `local:{uuid}` until the server acknowledges the creation. */
  id: string;
  ownerId: string;
  createdAt: string;
  lists: SlipList[];
  data: Ficha;
  /** The outbox entry that has not been acknowledged yet, if any (its state is the row's sync state). */
  pendingMutationId?: number | null;
  /** The id this slip had on the phone before the server acknowledged it. */
  localId?: string;
}

interface StoredChatSummary<T> {
  id: string;
  lastMessageAt: string;
  data: T;
}

export interface StoredConversation extends StoredChatSummary<Conversation> {
  /**
   * When a live message last wrote this row (this phone's clock): a first page of the list asked for before then does
   * not remove it, though the row is not on that page (someone's first message, sync/resources/lists.ts).
   */
  liveAt?: number;
}

export interface StoredGroup extends StoredChatSummary<GroupSummary> {
  /** An edit of this group not acknowledged yet (or, for a `local:` row, its creation). */
  pendingMutationId?: number | null;
  /** The id this group had on the phone before the server acknowledged its creation. */
  localId?: string;
  /** The last-message time the user had seen when they last opened the group (its unread marker). */
  seenUpTo?: string | null;
}

export interface StoredRoom extends StoredChatSummary<Room> {
  eventId: string;
}

export interface StoredGroupMember {
  groupId: string;
  userId: string;
  data: GroupMember;
}

/** A chat's messages, or a slip's comments (`ficha:{id}`, kept like messages so they show and send offline alike). */
export type ChatKey = `${'conversa' | 'grupo' | 'sala' | 'ficha'}:${string}`;

export interface StoredMessage {
  /** The server id, or `local:{uuid}` for a message written on this phone and not acknowledged yet. */
  id: string;
  chatKey: ChatKey;
  /** createdAt then id: a total order for key-range paging (never offsets). */
  sortKey: string;
  senderId: string;
  /** Who wrote it, as group and room chats show it (absent on rows stored before it was kept). */
  sender?: { nome: string; nomeUsuario: string } | null;
  mensagem: string;
  imagens: { url: string }[];
  createdAt: string;
  recurso?: { tipo: string; id: string } | null;
  pendingMutationId?: number | null;
}

export interface StoredNotification {
  id: string;
  sortKey: string;
  data: Notification;
}

export interface StoredCounter {
  name: string;
  count: number;
  /** When this phone last changed it (a live signal, a reset), on this phone's clock; absent when the server set it. */
  changedAt?: number;
}

/**
 * A user seen in a list (public fields), with what the profile calls added when they were made: the follow state and
 * counts, and the verified record as the profile last sent it, so it reads offline once seen.
 */
export type UserSeen = PublicUser &
  Partial<Omit<MyProfileUser, keyof PublicUser>> & { isFollowing?: boolean; follows?: Follows; registo?: UserRecord };

export interface StoredUser {
  id: string;
  nomeUsuario: string;
  data: UserSeen;
  seenAt: number;
}

export function messageSortKey(createdAt: string, id: string): string {
  return `${createdAt}|${id}`;
}
