import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app.ts';
import { seedDemoUsers } from '../../server/seed/seed.ts';
import type { Db } from '../../server/db/create-db.ts';
import { startTestServer } from '../unit/server/helpers/test-server.ts';

/** The reference server on a free port over a fresh temp SQLite database with the demo users seeded. */
export interface FuzzServer {
  db: Db;
  /** http://127.0.0.1:{port} */
  url: string;
  close(): Promise<void>;
}

export async function startFuzzServer(): Promise<FuzzServer> {
  // No sports fixtures: the suite only needs users, conversations, follows and counters. It sends hundreds of
  // messages and sign-ins in seconds of real time to test the outbox, not the rate limits: those are set out of reach.
  const base = await startTestServer(
    { name: 'sqlite', available: true },
    { seed: false, env: { RATE_LIMIT_MESSAGES_USER: '100000/1m', RATE_LIMIT_SIGNIN_ADDRESS: '100000/1m' } },
  );
  await seedDemoUsers(base.db);
  const config = { ...base.config, host: '127.0.0.1', port: 0 };
  const app = createApp({ config, db: base.db, signals: base.signals });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const port = (server.address() as AddressInfo).port;
  return {
    db: base.db,
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await base.close();
    },
  };
}
