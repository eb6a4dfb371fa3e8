import { ClientConfigResponseSchema, OnlineUsersResponseSchema } from '../../contract/schemas/realtime.ts';
import { call } from './http.ts';

export function fetchClientConfig() {
  return call('/api/client/public/config', { schema: ClientConfigResponseSchema });
}

export function fetchOnlineUsers() {
  return call('/api/auth/pusher/mostrarUsuariosOnline', { schema: OnlineUsersResponseSchema });
}
