import { EventListResponseSchema } from '../../contract/schemas/events.ts';
import { call } from './http.ts';

export function fetchUpcomingEvents() {
  return call('/api/client/public/eventos', { schema: EventListResponseSchema });
}
