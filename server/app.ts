import { Hono } from 'hono';
import { bodyLimit } from './lib/body-limit.ts';
import { MSG } from '../contract/messages.ts';
import type { AppEnv } from './hono-env.ts';
import { mountAuth } from './auth/routes.ts';
import { maintenanceGate } from './lib/maintenance.ts';
import { mountPublicClientRoutes } from './events/routes.ts';
import type { Config } from './config.ts';
import type { Db } from './db/create-db.ts';
import { compressResponses } from './lib/compress.ts';
import { jsonError } from './lib/http.ts';
import { serveManifest } from './manifest.ts';
import { refuseSuspended } from './social/reports/suspension.ts';
import { mountSocialRoutes } from './social/routes.ts';
import { mountBetting } from './slips/mount-betting.ts';
import { mountExploreRoutes } from './explore/routes.ts';
import { mountBatch } from './outbox/batch-route.ts';
import { mountRealtimeAndPush } from './realtime/mount.ts';
import { createSessionEndEffects } from './realtime/session-end-effects.ts';
import { sessionEndScope } from './auth/session-end.ts';
import { createRealtime, type Realtime } from './realtime/realtime.ts';
import { PaymentsUnavailableError } from './payments/gateway.ts';
import { mountClientLog } from './security/client-log.ts';
import { csrfGuard, mutatingGetGuard } from './security/csrf.ts';
import { securityHeaders } from './security/headers.ts';
import { MUTATING_GETS } from './security/state-changing.ts';
import { mountRateLimits } from './security/rate-limit-middleware.ts';
import { createStaticHandler } from './static.ts';
import type { Signals } from './signals/signals.ts';

/**
 * Room for two 1,000,000-byte images as base64 (2 x 1.34 MB: a chat message or a payment proof) plus the rest of the
 * body; anything bigger is refused.
 */
export const API_BODY_LIMIT = 2_800_000;

export interface AppDeps {
  config: Config;
  db: Db;
  signals: Signals;
  /** The embedded Pusher server and SDK (server/realtime); made from config when not given (tests). */
  realtime?: Realtime;
}

export function createApp({ config, db, signals, realtime }: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const live = realtime ?? createRealtime(config);

  app.onError((error, c) => {
    if (error instanceof PaymentsUnavailableError) return jsonError(c, 503, MSG.paymentsUnavailable);
    console.error(`[server] ${c.req.method} ${c.req.path}`, error);
    return jsonError(c, 500, MSG.generic);
  });
  app.notFound((c) =>
    c.req.path.startsWith('/api/') ? jsonError(c, 404, MSG.notFound) : c.text('Not found', 404),
  );

  app.use(async (c, next) => {
    c.set('config', config);
    c.set('db', db);
    c.set('signals', signals);
    await next();
  });
  // Sessions ended by a request close their live connections once its work has committed (server/auth/session-end.ts).
  app.use('/api/*', sessionEndScope(createSessionEndEffects({ realtime: live, beams: config.realtime.beams })));
  // Users are on 3G: text responses (JSON, HTML, JS, CSS) are gzipped when the browser accepts it.
  app.use(compressResponses);
  // Inside compress, so it sees (and adds to) the response before it is encoded.
  app.use(securityHeaders);

  // CSRF (server/security/csrf.ts): every method but GET/HEAD/OPTIONS, and the spec's mutating GETs, each matched
  // by the router itself so no spelling of the path gets past the guard to the handler.
  app.use('/api/*', csrfGuard);
  app.on('GET', [...MUTATING_GETS], mutatingGetGuard);
  app.use(
    '/api/*',
    bodyLimit({ maxSize: API_BODY_LIMIT, onError: (c) => jsonError(c, 413, MSG.imageProblem) }),
  );
  app.use('/api/*', maintenanceGate);
  mountRateLimits(app, config, db);
  // A user suspended by a moderator changes nothing until the time set (server/social/reports/suspension.ts).
  app.on(['POST', 'PATCH', 'PUT', 'DELETE'], ['/api/client/common/*', '/api/client/apostador/*'], refuseSuspended);
  app.on('GET', MUTATING_GETS.filter((path) => path.startsWith('/api/client/')), refuseSuspended);

  mountPublicClientRoutes(app);
  mountSocialRoutes(app);
  mountBetting(app);
  mountExploreRoutes(app);
  mountBatch(app);
  mountRealtimeAndPush(app, config, live);
  mountClientLog(app);
  mountAuth(app, [config, db]);

  app.get('/manifest.webmanifest', serveManifest);
  app.use(createStaticHandler(config.staticDir));
  return app;
}
