import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('../../..', import.meta.url).pathname;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed, for the test's failure messages. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `node {script}` with the environment given and waits for the line that says it listens. */
export async function startProcess(input: {
  name: string;
  script: string;
  port: number;
  env: Record<string, string>;
  ready: RegExp;
}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), `fichas-${input.name}-`));
  const child = spawn(process.execPath, [join(root, input.script)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(input.port), ...input.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${input.name} did not start in 60 s:\n${log}`)), 60_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (input.ready.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${input.name} exited with ${code} before it was ready:\n${log}`));
    });
  });
  return {
    name: input.name,
    port: input.port,
    child,
    output: () => log,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh PostgreSQL database for one test, dropped afterwards. */
export async function freshDatabase(adminUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** One query on a database, for what the server really holds. */
export async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The app with demo data on real football data from a local fake of API-Football v3 (SPORTS_FEED=api-football,
 * bookmaker 8), following `leagues`; `env` adds to or overrides that.
 */
export async function startOnApiFootball(input: { name: string; fake: { url: string; key: string }; leagues: number[]; env?: Record<string, string> }): Promise<ServerProcess> {
  return startProcess({
    name: input.name,
    script: 'server/main.ts',
    port: await freePort(),
    env: {
      SEED: 'on',
      PAYMENTS: 'simulated',
      SPORTS_FEED: 'api-football',
      API_FOOTBALL_URL: input.fake.url,
      API_FOOTBALL_KEY: input.fake.key,
      API_FOOTBALL_LEAGUES: input.leagues.join(','),
      API_FOOTBALL_BOOKMAKER: '8',
      ...input.env,
    },
    ready: /a correr em http:\/\/localhost:\d+/,
  });
}
