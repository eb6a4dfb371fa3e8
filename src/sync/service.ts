import type { AppDb } from '../db/app-db.ts';
import { fetchProviders } from '../api/auth.ts';
import { fetchServiceStatus } from '../api/status.ts';

export async function refreshServiceStatus(db: AppDb): Promise<void> {
  const result = await fetchServiceStatus();
  if (result.kind === 'ok') await db.kv.put({ key: 'maintenance', active: result.data.manutencao });
  else if (result.kind === 'http' && result.status === 503) await db.kv.put({ key: 'maintenance', active: true });
}

export async function refreshProviders(db: AppDb): Promise<void> {
  const result = await fetchProviders();
  if (result.kind === 'ok') await db.kv.put({ key: 'providers', ids: result.data });
}
