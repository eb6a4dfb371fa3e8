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

let cached: Promise<Backend[]> | undefined;

/** SQLite always; PostgreSQL where reachable (DATABASE_URL_TEST or the local default), announced when it is not. */
export function backends(): Promise<Backend[]> {
  cached ??= probePostgres(PG_TEST_URL).then((reachable) => {
    if (!reachable) {
      console.warn(`[server tests] PostgreSQL not reachable at ${PG_TEST_URL.replace(/\/\/[^@]*@/, '//…@')}: PostgreSQL variant not run`);
    }
    return [
      { name: 'sqlite', available: true },
      { name: 'postgres', available: reachable, url: PG_TEST_URL },
    ];
  });
  return cached;
}
