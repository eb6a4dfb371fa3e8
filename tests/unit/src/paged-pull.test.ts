import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import type { ApiResult } from '../../../src/api/http.ts';
import { loadNextPage, refreshFirstPage, type PagedList } from '../../../src/sync/pull/paged.ts';

let db: AppDb;
let counter = 0;
let serverRows: string[] = [];
let failNext = false;
const calls: number[] = [];

const list: PagedList<string> = {
  resource: 'things',
  pageSize: 3,
  async fetchPage(pageNumber, size): Promise<ApiResult<string[]>> {
    calls.push(pageNumber);
    if (failNext) {
      failNext = false;
      return { kind: 'network', message: 'Talvez tenha um problema na sua conexão' };
    }
    return { kind: 'ok', status: 200, data: serverRows.slice((pageNumber - 1) * size, pageNumber * size) };
  },
  async store(tx, rows, { replace }) {
    if (replace) await tx.users.clear();
    await tx.users.bulkPut(rows.map((id) => ({ id, nomeUsuario: id, data: { id, nome: id, nomeUsuario: id, fotografia: null, role: 'usuario' }, seenAt: 0 })));
  },
};

beforeEach(() => {
  db = new AppDb(`paged-${++counter}`);
  serverRows = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  failNext = false;
  calls.length = 0;
});
afterEach(async () => {
  await db.delete();
});

describe('paged lists (SPEC §4 Lists)', () => {
  it('pages until fewer than size × pages rows have arrived', async () => {
    expect(await refreshFirstPage(db, list, { maxAgeMs: 30_000 })).toBe('loaded');
    expect(await loadNextPage(db, list)).toBe('loaded');
    expect(await loadNextPage(db, list)).toBe('loaded');
    expect((await db.syncMeta.get('things'))?.noMore).toBe(true);
    expect(await loadNextPage(db, list)).toBe('no-more');
    expect(calls).toEqual([1, 2, 3]);
    expect(await db.users.count()).toBe(7);
  });

  it('does not ask again within the refresh interval', async () => {
    await refreshFirstPage(db, list, { maxAgeMs: 30_000 });
    expect(await refreshFirstPage(db, list, { maxAgeMs: 30_000 })).toBe('fresh');
    expect(calls).toEqual([1]);
  });

  it('records a fetch error, keeps what it had and stops paging until a refresh works', async () => {
    await refreshFirstPage(db, list, { maxAgeMs: 30_000 });
    failNext = true;
    expect(await loadNextPage(db, list)).toBe('error');
    expect((await db.syncMeta.get('things'))?.error).toBe('Talvez tenha um problema na sua conexão');
    expect(await loadNextPage(db, list)).toBe('error');
    expect(calls).toEqual([1, 2]);
    expect(await db.users.count()).toBe(3);
    expect(await refreshFirstPage(db, list, { maxAgeMs: 30_000 })).toBe('loaded');
    expect(await loadNextPage(db, list)).toBe('loaded');
  });
});
