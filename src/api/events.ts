import { EventDetailResponseSchema, EventListResponseSchema } from '../../contract/schemas/events.ts';
import { call } from './http.ts';

export function fetchUpcomingEvents() {
  return call('/api/client/public/eventos', { schema: EventListResponseSchema });
}

export function fetchEventDetail(id: string) {
  return call(`/api/client/public/eventos/${encodeURIComponent(id)}`, { schema: EventDetailResponseSchema });
}
