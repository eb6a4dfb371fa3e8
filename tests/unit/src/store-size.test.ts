import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/instance.ts';
import { measureStoreSize } from '../../../src/state/storage.ts';
import { formatMegabytes } from '../../../src/lib/format.ts';

afterAll(() => {
  vi.unstubAllGlobals();
  db.close();
});

describe('the size of the phone’s store', () => {
  it('counts the rows kept, and takes the store’s bytes from the browser (IndexedDB’s share when it details it)', async () => {
    await db.events.bulkPut([
      { id: 'e1', date: '2026-11-22T15:00:00.000Z' } as never,
      { id: 'e2', date: '2026-11-23T15:00:00.000Z' } as never,
    ]);
    await db.kv.put({ key: 'clientId', value: 'phone-1' });
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 9_000_000, quota: 1e9, usageDetails: { indexedDB: 3_200_000 } }) } });
    expect(await measureStoreSize()).toEqual({ bytes: 3_200_000, rows: 3 });
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 9_000_000, quota: 1e9 }) } });
    expect((await measureStoreSize()).bytes).toBe(9_000_000);
    vi.stubGlobal('navigator', {});
    expect((await measureStoreSize()).bytes).toBeNull();
    expect(formatMegabytes(3_200_000, 'pt')).toBe('3,2 MB');
  });
});
