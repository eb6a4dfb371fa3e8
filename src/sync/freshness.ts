import type { AppDb } from '../db/app-db.ts';

export async function isStale(db: Pick<AppDb, 'syncMeta'>, resource: string, maxAgeMs: number): Promise<boolean> {
  const meta = await db.syncMeta.get(resource);
  return !meta || meta.error !== null || Date.now() - meta.refreshedAt >= maxAgeMs;
}

export async function markRefreshed(db: Pick<AppDb, 'syncMeta'>, resource: string): Promise<void> {
  await db.syncMeta.put({ resource, refreshedAt: Date.now(), error: null });
}

export async function markFailed(db: Pick<AppDb, 'syncMeta'>, resource: string, message: string): Promise<void> {
  const meta = await db.syncMeta.get(resource);
  await db.syncMeta.put({ resource, refreshedAt: meta?.refreshedAt ?? 0, error: message });
}
