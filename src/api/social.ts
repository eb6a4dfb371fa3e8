import { ConversationListResponseSchema, ConversationResponseSchema, MessageListResponseSchema } from '../../contract/schemas/chats.ts';
import { GroupListResponseSchema } from '../../contract/schemas/groups.ts';
import { RoomListResponseSchema } from '../../contract/schemas/rooms.ts';
import { MyProfileResponseSchema, UpdatesResponseSchema } from '../../contract/schemas/profile.ts';
import { NotificationListResponseSchema } from '../../contract/schemas/notifications.ts';
import type { ChatType } from '../../contract/schemas/signals.ts';
import { call } from './http.ts';

const COMMON = '/api/client/common';

export function fetchConversations(pageNumber: number, size: number) {
  return call(`${COMMON}/conversas/fetch?pageNumber=${pageNumber}&size=${size}`, { schema: ConversationListResponseSchema });
}

export function fetchGroups(pageNumber: number, size: number, component: 'tudo' | 'subscricoes' | 'meus' = 'tudo') {
  return call(`${COMMON}/grupos?pageNumber=${pageNumber}&size=${size}&gruposComponent=${component}`, { schema: GroupListResponseSchema });
}

export function fetchRooms(pageNumber: number, size: number) {
  return call(`${COMMON}/grupos/salas?pageNumber=${pageNumber}&size=${size}`, { schema: RoomListResponseSchema });
}

/** Where a chat's messages live on the server (docs/api/social.md). */
export function chatPath(chatType: ChatType, chatId: string): string {
  const id = encodeURIComponent(chatId);
  if (chatType === 'conversa') return `${COMMON}/conversas/${id}`;
  if (chatType === 'grupo') return `${COMMON}/grupos/${id}`;
  return `${COMMON}/grupos/salas/${id}`;
}

export function fetchMessages(chatType: ChatType, chatId: string, options: { before?: string | null; size: number }) {
  const before = options.before ? `&before=${encodeURIComponent(options.before)}` : '';
  return call(`${chatPath(chatType, chatId)}/mensagens?size=${options.size}${before}`, { schema: MessageListResponseSchema });
}

export function fetchUpdates() {
  return call(`${COMMON}/perfil/mostrarMeusUpdates`, { schema: UpdatesResponseSchema });
}

export function fetchMyProfile() {
  return call(`${COMMON}/perfil/mostrarMeuPerfil`, { schema: MyProfileResponseSchema });
}

export function fetchNotifications(options: { before?: string | null; size: number }) {
  const before = options.before ? `&before=${encodeURIComponent(options.before)}` : '';
  return call(`${COMMON}/notificacoes?size=${options.size}${before}`, { schema: NotificationListResponseSchema });
}

export function fetchConversationWith(nomeUsuario: string) {
  return call(`${COMMON}/conversas/com/${encodeURIComponent(nomeUsuario)}`, { schema: ConversationResponseSchema });
}
