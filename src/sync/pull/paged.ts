import type { AppDb } from '../../db/app-db.ts';
import type { ApiResult } from '../../api/http.ts';
import { PAGE_SIZE } from '../../../contract/limits.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import { writeForOwner } from '../mirror-owner.ts';

export interface PagedList<T> {
  /** syncMeta key, e.g. 'conversations'. */
  resource: string;
  pageSize?: number;
  fetchPage: (pageNumber: number, size: number) => Promise<ApiResult<T[]>>;
  /**
   * Writes a page into the store through `tx`, the tables of the pull's transaction (db/store-transaction.ts);
   * `replace` is true for a fresh first page (rows gone from the server go too).
   */
  store: (tx: StoreTables, rows: T[], options: { replace: boolean }) => Promise<void>;
}

export type PageOutcome = 'loaded' | 'fresh' | 'no-more' | 'error';

/**
 * First page of a list, when the stored copy is older than maxAgeMs (SPEC §9 intervals) or forced. A failure is
 * recorded (the screen shows it) and what the store had stays.
 */
export async function refreshFirstPage<T>(
  db: AppDb,
  list: PagedList<T>,
  options: { maxAgeMs: number; force?: boolean },
): Promise<PageOutcome> {
  const meta = await db.syncMeta.get(list.resource);
  if (!options.force && meta && meta.error === null && Date.now() - meta.refreshedAt < options.maxAgeMs) return 'fresh';
  const owner = await readMirrorOwner(db);
  const size = list.pageSize ?? PAGE_SIZE;
  const result = await list.fetchPage(1, size);
  if (result.kind !== 'ok') {
    await writeForOwner(db, owner, (tx) => tx.syncMeta.put({ ...(meta ?? { resource: list.resource, refreshedAt: 0 }), error: result.message }));
    return 'error';
  }
  const stored = await writeForOwner(db, owner, async (tx) => {
    await list.store(tx, result.data, { replace: true });
    await tx.syncMeta.put({
      resource: list.resource,
      refreshedAt: Date.now(),
      error: null,
      pages: 1,
      received: result.data.length,
      noMore: result.data.length < size,
    });
  });
  return stored ? 'loaded' : 'error';
}

/**
 * The next page, for infinite scroll. SPEC §4 Lists: 'no more' once fewer than page size × pages items have
 * arrived; after a fetch error, no further paging until a refresh succeeds.
 */
export async function loadNextPage<T>(db: AppDb, list: PagedList<T>): Promise<PageOutcome> {
  const meta = await db.syncMeta.get(list.resource);
  if (!meta || meta.pages === undefined) return refreshFirstPage(db, list, { maxAgeMs: 0, force: true });
  if (meta.error !== null) return 'error';
  if (meta.noMore) return 'no-more';
  const owner = await readMirrorOwner(db);
  const size = list.pageSize ?? PAGE_SIZE;
  const pages = meta.pages + 1;
  const result = await list.fetchPage(pages, size);
  if (result.kind !== 'ok') {
    await writeForOwner(db, owner, (tx) => tx.syncMeta.put({ ...meta, error: result.message }));
    return 'error';
  }
  const stored = await writeForOwner(db, owner, async (tx) => {
    await list.store(tx, result.data, { replace: false });
    const received = (meta.received ?? 0) + result.data.length;
    await tx.syncMeta.put({ ...meta, pages, received, noMore: received < size * pages });
  });
  return stored ? 'loaded' : 'error';
}
