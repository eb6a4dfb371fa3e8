import type { Hono } from 'hono';
import { ClientConfigResponseSchema, type ClientConfigResponse } from '../../contract/schemas/realtime.ts';
import type { AppEnv } from '../hono-env.ts';
import { reply } from '../lib/answer.ts';
import { publicUrl } from '../lib/http.ts';
import { BEAMS_OVERRIDE_PATH } from '../push/device-api.ts';
import { BEAMS_TOKEN_PATH } from '../push/token-route.ts';
import { PUSHER_AUTH_PATH, PUSHER_USER_AUTH_PATH } from './auth-routes.ts';

// GET /api/client/public/config: the app configures pusher-js and the Beams SDK from the server's own settings,
// so switching to hosted Pusher or Beams is a server configuration change only.

export const CLIENT_CONFIG_PATH = '/api/client/public/config';

export function mountClientConfigRoute(app: Hono<AppEnv>): void {
  app.get(CLIENT_CONFIG_PATH, (c) => {
    const { pusher, beams, vapid } = c.get('config').realtime;
    const embedded = pusher.mode === 'embedded';
    const body: ClientConfigResponse = {
      status: 'success',
      message: '',
      pusher: {
        key: pusher.key,
        cluster: pusher.cluster,
        // Empty: the page's own host, so one setting serves every brand host and any port.
        wsHost: pusher.wsHost ?? '',
        // Null: the page's own port (embedded); an external server without a port uses the standard ones.
        wsPort: pusher.wsPort ?? (embedded ? null : 80),
        wssPort: pusher.wsPort ?? (embedded ? null : 443),
        forceTLS: pusher.useTLS,
        enabledTransports: ['ws', 'wss'],
        authEndpoint: PUSHER_AUTH_PATH,
        userAuthEndpoint: PUSHER_USER_AUTH_PATH,
      },
      beams: {
        instanceId: beams.instanceId,
        endpointOverride: beams.mode === 'embedded' ? `${publicUrl(c).origin}${BEAMS_OVERRIDE_PATH}` : null,
        tokenUrl: BEAMS_TOKEN_PATH,
      },
      vapidPublicKey: beams.mode === 'embedded' ? vapid.publicKey : null,
    };
    c.header('Cache-Control', 'no-cache');
    return reply(c, ClientConfigResponseSchema, body);
  });
}
