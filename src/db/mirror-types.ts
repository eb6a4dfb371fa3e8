// Rows of the mirror. Each keeps the server's object as the API returned it (`data`, typed by contract/ schemas)
// next to the fields its indexes need, so a new server field never needs a migration.
import type { EventDetail } from '../../contract/schemas/events.ts';

export interface StoredEventDetail {
  id: string;
  /** The event with its markets (GET /api/client/public/eventos/{id}). */
  data: EventDetail;
  refreshedAt: number;
}

/** The ordered ids an explore query returned, so a filter shows offline what it showed online. */
export interface StoredQuery {
  key: string;
  ids: string[];
  refreshedAt: number;
  /** Results that are not rows of another table (Explore tips, community users), in the server's order. */
  items?: unknown[];
}

export type SlipList = 'criadas' | 'guardadas' | 'ocultas' | 'publicas';

export interface StoredSlip {
  /** The server id, or `local:{uuid}` until the server acknowledges the creation. */
  id: string;
  ownerId: string;
  createdAt: string;
  lists: SlipList[];
  data: Record<string, unknown>;
  /** The outbox entry that has not been acknowledged yet, if any (its state is the row's sync state). */
  pendingMutationId?: number | null;
  /** The id this slip had on the phone before the server acknowledged it. */
  localId?: string;
}

export interface StoredChatSummary {
  id: string;
  lastMessageAt: string;
  data: Record<string, unknown>;
}

export type StoredConversation = StoredChatSummary;
export type StoredGroup = StoredChatSummary;

export interface StoredGroupMember {
  groupId: string;
  userId: string;
  data: Record<string, unknown>;
}

export interface StoredRoom extends StoredChatSummary {
  eventId: string;
}

export type ChatKey = `${'conversa' | 'grupo' | 'sala'}:${string}`;

export interface StoredMessage {
  /** The server id, or `local:{uuid}` for a message written on this phone and not acknowledged yet. */
  id: string;
  chatKey: ChatKey;
  /** createdAt then id: a total order for key-range paging (never offsets). */
  sortKey: string;
  senderId: string;
  mensagem: string;
  imagens: { url: string }[];
  createdAt: string;
  recurso?: { tipo: string; id: string } | null;
  pendingMutationId?: number | null;
}

export interface StoredNotification {
  id: string;
  sortKey: string;
  data: Record<string, unknown>;
}

export interface StoredCounter {
  name: string;
  count: number;
}

export interface StoredUser {
  id: string;
  nomeUsuario: string;
  data: Record<string, unknown>;
  seenAt: number;
}

export function messageSortKey(createdAt: string, id: string): string {
  return `${createdAt}|${id}`;
}
