import type { Hono } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { EstadoResponseSchema } from '../../contract/schemas/estado.ts';
import { EventDetailResponseSchema, EventListQuerySchema, EventListResponseSchema } from '../../contract/schemas/events.ts';
import type { AppEnv } from '../hono-env.ts';
import { answer } from '../lib/answer.ts';
import { cachedAnswer } from '../lib/cached-answer.ts';
import { jsonError } from '../lib/http.ts';
import { parseDay } from '../lib/time.ts';
import { requireSession } from '../auth/session.ts';
import { eventDetail, eventsOfDay, liveEvents, upcomingEvents } from './events-repo.ts';
import { ESTADO_PATH } from '../lib/maintenance.ts';

export function mountPublicClientRoutes(app: Hono<AppEnv>): void {
  app.get(ESTADO_PATH, (c) => answer(c, EstadoResponseSchema, { manutencao: c.get('config').maintenance }));

  app.get('/api/client/public/eventos', async (c) => {
    const query = EventListQuerySchema.safeParse({ data: c.req.query('data') || undefined });
    if (!query.success) return jsonError(c, 400, MSG.invalidRequest);
    const db = c.get('db');
    // Everybody's first screen asks for these: served from a short-lived cache as ready gzip bytes, 304 when unchanged.
    if (query.data.data === undefined) {
      return cachedAnswer(c, EventListResponseSchema, 'eventos', async () => ({ eventos: await upcomingEvents(db, new Date()) }));
    }
    const day = parseDay(query.data.data);
    if (!day) return jsonError(c, 400, MSG.invalidRequest);
    return cachedAnswer(c, EventListResponseSchema, `eventos?data=${day.toISOString()}`, async () => ({
      eventos: await eventsOfDay(db, day),
    }));
  });

  app.get('/api/client/public/eventos/:id', async (c) => {
    const id = c.req.param('id');
    const evento = id.length <= 100 ? await eventDetail(c.get('db'), id) : undefined;
    if (!evento) return jsonError(c, 404, MSG.notFound);
    return answer(c, EventDetailResponseSchema, { evento });
  });

  // SPEC §7: logged in, refreshed every 60 s by the app.
  app.get('/api/client/public/search/apostas/live', requireSession, async (c) =>
    answer(c, EventListResponseSchema, { eventos: await liveEvents(c.get('db')) }),
  );
}
