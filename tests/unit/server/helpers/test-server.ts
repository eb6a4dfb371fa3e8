import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Hono } from 'hono';
import { createApp } from '../../../../server/app.ts';
import type { AppEnv } from '../../../../server/hono-env.ts';
import { loadConfig, type Config } from '../../../../server/config.ts';
import { createDb, type Db } from '../../../../server/db/create-db.ts';
import { migrateToLatest } from '../../../../server/db/migrate.ts';
import { seedDemoUsers } from '../../../../server/seed/seed.ts';
import { createGeneratedProvider } from '../../../../server/sports/generated-provider.ts';
import { syncFixtures } from '../../../../server/sports/sync-fixtures.ts';
import type { Backend } from './backends.ts';
import { createMemorySignals, type MemorySignals } from '../../../../server/signals/signals.ts';

export interface TestServer {
  app: Hono<AppEnv>;
  db: Db;
  config: Config;
  backend: Backend['name'];
  /** Every live signal the app sent, for tests that check who was told what. */
  signals: MemorySignals;
  /** The same database behind an app built with other settings (maintenance, static dir). */
  appWith(overrides: Partial<Config>): Hono<AppEnv>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  seed?: boolean;
}

/** A real app on a real, fresh database: a temp SQLite file, or a new PostgreSQL schema dropped afterwards. */
export async function startTestServer(backend: Backend, options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'fichas-server-test-'));
  const config = loadConfig({
    DATA_DIR: dir,
    STATIC_DIR: join(dir, 'dist'),
    AUTH_SECRET: randomBytes(24).toString('hex'),
    ...(backend.name === 'postgres' && backend.url ? { DATABASE_URL: backend.url } : {}),
    // The suites exercise the simulated EMIS page on both databases (outside the demo it is off by default).
    PAYMENTS: 'simulated',
    ...options.env,
  });
  const schema = backend.name === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) await adminQuery(config.databaseUrl ?? '', `create schema ${schema}`);

  const { db } = createDb(config, schema ? { pgSchema: schema } : {});
  await migrateWhileOthersDrop(db);
  if (options.seed !== false) {
    await seedDemoUsers(db);
    await syncFixtures(db, createGeneratedProvider({ seed: config.sportsSeed }));
  }
  const signals = createMemorySignals();
  return {
    app: createApp({ config, db, signals }),
    db,
    config,
    backend: backend.name,
    signals,
    appWith: (overrides) => createApp({ config: { ...config, ...overrides }, db, signals }),
    async close() {
      await db.destroy();
      if (schema) await adminQuery(config.databaseUrl ?? '', `drop schema ${schema} cascade`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * kysely's migrator first lists the tables of every schema of the database (its introspector), and PostgreSQL fails
 * that listing with 42P01 'relation … does not exist' or 3F000 'schema … does not exist' when another suite drops its
 * schema meanwhile (two workers run server suites at once; CI runs failed so). Nothing was migrated then, so the
 * migration is simply tried again.
 */
const DROPPED_MEANWHILE = new Set(['42P01', '3F000']);
async function migrateWhileOthersDrop(db: Db): Promise<void> {
  await whileOthersDrop(() => migrateToLatest(db));
}

/** Runs a migration step (see above), again while it fails because another suite dropped its schema meanwhile. */
export async function whileOthersDrop<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
      const dropped = [code, cause?.code].some((value) => typeof value === 'string' && DROPPED_MEANWHILE.has(value));
      if (!dropped || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
