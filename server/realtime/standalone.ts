import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { RealtimeStatusResponseSchema } from '../../contract/schemas/realtime.ts';
import type { AppEnv } from '../hono-env.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { answer } from '../lib/answer.ts';
import { shareGeneratedSecrets } from '../shared-secrets.ts';
import { mountPusherHttpApi } from './http-api.ts';
import { createRealtime } from './realtime.ts';

/** Soketi's and Laravel Echo's usual port; PORT overrides it. */
const DEFAULT_PORT = 6001;

/**
 * `npm run realtime`: the embedded Pusher-protocol server on its own, as the one realtime server that several app
 * processes share (docs/operations.md, "Running several processes"). It serves WebSockets at /app/{key} and the
 * HTTP API at /apps/{id}; presence lives here, so every app process sees the same users online. With DATABASE_URL
 * its app id, key and secret are shared through the database with app processes started with PUSHER_HOST.
 */
async function main(): Promise<void> {
  let config: Config = loadConfig({ ...process.env, PUSHER_HOST: '', PUSHER_MODE: 'embedded' });
  if (!process.env.PORT) config = { ...config, port: DEFAULT_PORT };
  if (config.databaseUrl) {
    const { db, kind } = createDb(config);
    await migrateToLatest(db);
    config = await shareGeneratedSecrets(config, db, kind);
    await db.destroy();
  }
  const { pusher } = config.realtime;
  const realtime = createRealtime(config);
  const hub = realtime.hub;
  if (!hub) throw new Error('the standalone realtime server is always the embedded one');

  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('config', config);
    await next();
  });
  app.get('/', (c) => answer(c, RealtimeStatusResponseSchema, { message: 'realtime', channels: hub.channelNames('').length }));
  mountPusherHttpApi(app, { hub, appId: pusher.appId, key: pusher.key, secret: pusher.secret });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`Servidor de tempo real (protocolo Pusher 7) em ws://localhost:${info.port}/app/${pusher.key}`);
    console.log(
      config.databaseUrl
        ? 'Chaves partilhadas pela base de dados: aponte os processos da app com PUSHER_HOST/PUSHER_PORT e o mesmo DATABASE_URL.'
        : `Chaves: PUSHER_APP_ID=${pusher.appId} PUSHER_KEY=${pusher.key} (o segredo está em ${config.dataDir}); dê as mesmas aos processos da app.`,
    );
  });
  realtime.attach(server as Server);

  const stop = (signal: string) => {
    console.log(`${signal}: a parar o servidor de tempo real…`);
    realtime.close();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
