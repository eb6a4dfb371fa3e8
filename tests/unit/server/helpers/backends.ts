import pg from 'pg';

export type BackendName = 'sqlite' | 'postgres';

export interface Backend {
  name: BackendName;
  /** Whether this backend can run here; PostgreSQL only when a server answers. */
  available: boolean;
  url?: string;
}

export const PG_TEST_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';

async function probePostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Why PostgreSQL must answer, or null when its copies may be left out: under CI, or when DATABASE_URL_TEST names a
 * server, a PostgreSQL copy that silently does not run would hide a defect that only PostgreSQL shows.
 */
export function postgresRequiredBecause(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.DATABASE_URL_TEST) return 'DATABASE_URL_TEST is set';
  const ci = env.CI?.trim().toLowerCase();
  if (ci && ci !== 'false' && ci !== '0') return `CI=${env.CI}`;
  return null;
}

const redacted = (url: string) => url.replace(/\/\/[^@]*@/, '//…@');

/** SQLite always; PostgreSQL when it answers at `url`. Throws when it does not and `requiredBecause` says it must. */
export async function resolveBackends(url: string, requiredBecause: string | null, warn: (line: string) => void = console.warn): Promise<Backend[]> {
  const reachable = await probePostgres(url);
  if (!reachable && requiredBecause) {
    throw new Error(`[server tests] PostgreSQL not reachable at ${redacted(url)}, and it must be (${requiredBecause}): the PostgreSQL copies of the server suites cannot be left out`);
  }
  if (!reachable) warn(`[server tests] PostgreSQL not reachable at ${redacted(url)}: PostgreSQL variant not run`);
  return [
    { name: 'sqlite', available: true },
    { name: 'postgres', available: reachable, url },
  ];
}

let cached: Promise<Backend[]> | undefined;

/**
 * SQLite always; PostgreSQL where reachable (DATABASE_URL_TEST or the local default), announced when it is not, and
 * a failure when CI or DATABASE_URL_TEST requires it. backend-count-reporter.ts prints how many suites ran on each.
 */
export function backends(): Promise<Backend[]> {
  cached ??= resolveBackends(PG_TEST_URL, postgresRequiredBecause());
  return cached;
}
