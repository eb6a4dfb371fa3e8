import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe } from 'vitest';
import { CsrfResponseSchema } from '../../../../contract/schemas/auth.ts';
import { createApp } from '../../../../server/app.ts';
import type { AppEnv } from '../../../../server/hono-env.ts';
import type { Config } from '../../../../server/config.ts';
import type { Db } from '../../../../server/db/create-db.ts';
import { createPushDelivery } from '../../../../server/push/push.ts';
import { createPusherSignals } from '../../../../server/realtime/pusher-signals.ts';
import { createRealtime, type Realtime } from '../../../../server/realtime/realtime.ts';
import type { Signals } from '../../../../server/signals/signals.ts';
import { backends, type Backend } from './backends.ts';
import { browser, form, type CookieJar } from './http.ts';
import { PUSH_TLS } from './push-receiver.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * The app as `npm start` runs it: a real HTTP server on a free port with the embedded Pusher server on its
 * upgrade event, and the real Signals (the `pusher` SDK over HTTP to that port, plus web-push).
 */
export interface LiveServer {
  base: TestServer;
  app: Hono<AppEnv>;
  db: Db;
  config: Config;
  realtime: Realtime;
  signals: Signals;
  port: number;
  /** http://127.0.0.1:{port} */
  url: string;
  close(): Promise<void>;
}

export interface LiveServerOptions {
  env?: Record<string, string>;
  /** Seconds; a short one lets tests see the server's heartbeat. */
  activityTimeout?: number;
}

export async function startLiveServer(backend: Backend, options: LiveServerOptions = {}): Promise<LiveServer> {
  const base = await startTestServer(backend, options.env ? { env: options.env } : {});
  const config = { ...base.config, host: '127.0.0.1', port: 0 };
  const realtime = createRealtime(config, options.activityTimeout ? { activityTimeout: options.activityTimeout } : {});
  // Pushes go to the tests' stand-in push service, an https server with a certificate made at run time; a suite
  // that sends to it lists it in PUSH_ENDPOINT_ALLOWLIST (it is on 127.0.0.1, which is otherwise refused).
  const signals = createPusherSignals({ realtime, push: createPushDelivery(config, base.db, { ca: PUSH_TLS.cert }) });
  const app = createApp({ config, db: base.db, signals, realtime });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const port = (server.address() as AddressInfo).port;
  realtime.useLocalPort(port);
  realtime.attach(server);
  return {
    base,
    app,
    db: base.db,
    config,
    realtime,
    signals,
    port,
    url: `http://127.0.0.1:${port}`,
    async close() {
      realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await base.close();
    },
  };
}

const all = await backends();

/** Like describeOnEachDb, with a live server per database. */
export function describeLiveOnEachDb(title: string, body: (server: () => LiveServer) => void, options?: LiveServerOptions): void {
  for (const backend of all) {
    describe.runIf(backend.available)(`${title} [${backend.name}]`, () => {
      let server: LiveServer | undefined;
      beforeAll(async () => {
        server = await startLiveServer(backend, options);
      });
      afterAll(async () => {
        await server?.close();
      });
      body(() => {
        if (!server) throw new Error('live server not started');
        return server;
      });
    });
  }
}

/** Signs in through Auth.js as the v4 client does; the jar then carries the session cookie. */
export async function signIn(server: LiveServer, userData: string, password: string): Promise<{ jar: CookieJar; userId: string }> {
  const client = browser(server.app);
  const csrf = CsrfResponseSchema.parse(await (await client.request('/api/auth/csrf')).json()).csrfToken;
  const res = await client.request(
    '/api/auth/callback/credentials',
    form({ userData, password, csrfToken: csrf, callbackUrl: 'http://localhost:8080/', json: 'true' }),
  );
  if (res.status !== 200) throw new Error(`sign-in of ${userData} failed: ${res.status}`);
  const user = await server.db
    .selectFrom('usuarios')
    .select('id')
    .where((eb) => eb.or([eb('nome_usuario', '=', userData), eb('email', '=', userData)]))
    .executeTakeFirstOrThrow();
  return { jar: client.jar, userId: user.id };
}

/** Resolves with the first value `check` returns that is not undefined, polling every 20 ms. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
