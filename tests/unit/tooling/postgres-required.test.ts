// The PostgreSQL copies of the server suites may be left out only on a developer's machine without PostgreSQL:
// under CI or with DATABASE_URL_TEST set, a server that does not answer fails the run, and every run says how many
// suites ran on each database.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postgresRequiredBecause, resolveBackends } from '../server/helpers/backends.ts';
import { backendCountLine, countSuitesByBackend } from '../server/helpers/backend-count-reporter.ts';

/** A URL nothing answers at: a port that was free a moment ago and is closed again. */
async function deadPostgresUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `postgres://postgres:secret@127.0.0.1:${address.port}/test`;
}

describe('PostgreSQL copies of the server suites', () => {
  it('are required under CI or when DATABASE_URL_TEST is set, and optional otherwise', () => {
    expect(postgresRequiredBecause({ CI: 'true' })).toBe('CI=true');
    expect(postgresRequiredBecause({ CI: '1' })).toBe('CI=1');
    expect(postgresRequiredBecause({ DATABASE_URL_TEST: 'postgres://ci@db:5432/test' })).toBe('DATABASE_URL_TEST is set');
    expect(postgresRequiredBecause({})).toBeNull();
    expect(postgresRequiredBecause({ CI: 'false' })).toBeNull();
    expect(postgresRequiredBecause({ CI: '' })).toBeNull();
  });

  it('fail the run when a required PostgreSQL does not answer, naming why it is required', async () => {
    const url = await deadPostgresUrl();
    await expect(resolveBackends(url, 'CI=true')).rejects.toThrow(/PostgreSQL not reachable at postgres:\/\/…@127\.0\.0\.1:\d+\/test, and it must be \(CI=true\)/);
  });

  it('are left out with a warning when an optional PostgreSQL does not answer, SQLite still runs', async () => {
    const url = await deadPostgresUrl();
    const warnings: string[] = [];
    const backends = await resolveBackends(url, null, (line) => warnings.push(line));
    expect(backends.map(({ name, available }) => ({ name, available }))).toEqual([
      { name: 'sqlite', available: true },
      { name: 'postgres', available: false },
    ]);
    expect(warnings).toEqual([expect.stringContaining('PostgreSQL variant not run')]);
    expect(warnings[0]).not.toContain('secret');
  });

  it('are counted per database at the end of the run', () => {
    const counts = countSuitesByBackend([
      { name: 'slips [sqlite]', state: 'passed' },
      { name: 'slips [postgres]', state: 'failed' },
      { name: 'groups [sqlite]', state: 'passed' },
      { name: 'groups [postgres]', state: 'skipped' },
      { name: 'a nested describe', state: 'passed' },
    ]);
    expect(counts).toEqual({ sqlite: 2, postgres: 1 });
    expect(backendCountLine(counts)).toBe('server suites: sqlite=2 postgres=1');
    expect(backendCountLine({ sqlite: 3, postgres: 0 })).toBe('server suites: sqlite=3 postgres=0 (PostgreSQL copies not run: no server answered)');
  });
});
