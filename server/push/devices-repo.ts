import type { PushDispositivosTable } from '../db/schema.ts';
import type { WebPushSubscription } from '../../contract/schemas/push.ts';
import type { Db } from '../db/create-db.ts';
import { newId } from '../lib/ids.ts';

// Push devices of the embedded Beams-compatible service (server/db/migrations/0003-push.ts).

export interface Device {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: string | null;
  interests: string[];
}

type Row = Pick<PushDispositivosTable, 'id' | 'endpoint' | 'p256dh' | 'auth' | 'usuario_id' | 'interesses'>;

function toDevice(row: Row): Device {
  let interests: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.interesses);
    if (Array.isArray(parsed)) interests = parsed.filter((value): value is string => typeof value === 'string');
  } catch {
    interests = [];
  }
  return { id: row.id, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, userId: row.usuario_id, interests };
}

const COLUMNS = ['id', 'endpoint', 'p256dh', 'auth', 'usuario_id', 'interesses'] as const;

/**
 * Registers a subscription. The same browser subscription registered again keeps its device id but starts over
 * (no user, no interests), as the Beams SDK state it belongs to is new — so it is idempotent for a retried call.
 */
export async function registerDevice(db: Db, subscription: WebPushSubscription, sdkVersion: string | null): Promise<string> {
  const now = new Date().toISOString();
  const values = {
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    usuario_id: null,
    interesses: '[]',
    sdk_version: sdkVersion,
    updated_at: now,
  };
  const row = await db
    .insertInto('push_dispositivos')
    .values({ id: newId(), endpoint: subscription.endpoint, created_at: now, ...values })
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findDevice(db: Db, id: string): Promise<Device | null> {
  const row = await db.selectFrom('push_dispositivos').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toDevice(row) : null;
}

export async function updateDevice(
  db: Db,
  id: string,
  changes: { userId?: string; interests?: string[]; sdkVersion?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('push_dispositivos')
    .set({
      ...(changes.userId !== undefined ? { usuario_id: changes.userId } : {}),
      ...(changes.interests !== undefined ? { interesses: JSON.stringify(changes.interests) } : {}),
      ...(changes.sdkVersion !== undefined ? { sdk_version: changes.sdkVersion } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteDevice(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_dispositivos').where('id', '=', id).execute();
}

export async function devicesOfUsers(db: Db, userIds: readonly string[]): Promise<Device[]> {
  const devices: Device[] = [];
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await db
      .selectFrom('push_dispositivos')
      .select(COLUMNS)
      .where('usuario_id', 'in', userIds.slice(start, start + 500))
      .execute();
    devices.push(...rows.map(toDevice));
  }
  return devices;
}
