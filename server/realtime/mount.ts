import type { Hono } from 'hono';
import type { AppEnv } from '../hono-env.ts';
import type { Config } from '../config.ts';
import { mountBeamsDeviceApi } from '../push/device-api.ts';
import { createEndpointPolicy } from '../push/endpoint-policy.ts';
import { mountBeamsTokenRoute } from '../push/token-route.ts';
import { mountPusherAuthRoutes } from './auth-routes.ts';
import { mountClientConfigRoute } from './client-config-route.ts';
import { mountPusherHttpApi } from './http-api.ts';
import type { Realtime } from './realtime.ts';

/**
 * Realtime and push routes. Call before the Auth.js catch-all (it answers 400 to /api/auth/pusher and
 * /api/auth/beams) and before the static handler (it would answer GET /apps/… with the app shell).
 */
export function mountRealtimeAndPush(app: Hono<AppEnv>, config: Config, realtime: Realtime): void {
  const { pusher, beams, vapid, pushEndpointAllowlist } = config.realtime;
  if (realtime.hub) mountPusherHttpApi(app, { hub: realtime.hub, appId: pusher.appId, key: pusher.key, secret: pusher.secret });
  mountPusherAuthRoutes(app, realtime);
  mountBeamsTokenRoute(app, beams);
  if (beams.mode === 'embedded') {
    mountBeamsDeviceApi(app, beams, vapid.publicKey, createEndpointPolicy({ allowlist: pushEndpointAllowlist }));
  }
  mountClientConfigRoute(app);
}
