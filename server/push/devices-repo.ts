import type { PushDispositivosTable } from '../db/schema.ts';
import type { WebPushSubscription } from '../../contract/schemas/push.ts';
import type { Db } from '../db/create-db.ts';
import { prepared } from '../db/prepared.ts';
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
 * Registers a subscription. The same browser subscription (endpoint and keys) registered again keeps its device id
 * but starts over (no user, no interests), as the Beams SDK state it belongs to is new — so a retried call is
 * idempotent. The same endpoint with other keys is another registration: it gets a new id, so whoever knows only
 * an endpoint never learns the id of the device registered with it.
 */
export async function registerDevice(db: Db, subscription: WebPushSubscription, sdkVersion: string | null): Promise<string> {
  const now = new Date().toISOString();
  const fresh = { usuario_id: null, interesses: '[]', sdk_version: sdkVersion, updated_at: now };
  const same = await db
    .insertInto('push_dispositivos')
    .values({
      id: newId(),
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      created_at: now,
      ...fresh,
    })
    .onConflict((conflict) =>
      conflict
        .column('endpoint')
        .doUpdateSet(fresh)
        .where((eb) =>
          eb.and([
            eb('push_dispositivos.p256dh', '=', subscription.keys.p256dh),
            eb('push_dispositivos.auth', '=', subscription.keys.auth),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  if (same) return same.id;
  const replaced = await db
    .updateTable('push_dispositivos')
    .set({ id: newId(), p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, created_at: now, ...fresh })
    .where('endpoint', '=', subscription.endpoint)
    .returning('id')
    .executeTakeFirstOrThrow();
  return replaced.id;
}

export type BindResult = 'bound' | 'taken' | 'missing';

/**
 * Ties a device to a user, unless it already belongs to someone else: a device changes user only by being deleted
 * and registered again (what the Beams SDK does, stop() then start()), never by a call naming it.
 */
export async function bindDevice(db: Db, id: string, userId: string): Promise<BindResult> {
  const result = await db
    .updateTable('push_dispositivos')
    .set({ usuario_id: userId, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('usuario_id', 'is', null), eb('usuario_id', '=', userId)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'bound';
  return (await findDevice(db, id)) ? 'taken' : 'missing';
}

export async function findDevice(db: Db, id: string): Promise<Device | null> {
  const row = await db.selectFrom('push_dispositivos').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toDevice(row) : null;
}

export async function updateDevice(
  db: Db,
  id: string,
  changes: { interests?: string[]; sdkVersion?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('push_dispositivos')
    .set({
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

// A chat message reaches one person: their devices are looked up after every message, so that query is built once.
const devicesOfOne = prepared<{ userId: string }, Row>((db, param) => db.selectFrom('push_dispositivos').select(COLUMNS).where('usuario_id', '=', param('userId')));

export async function devicesOfUsers(db: Db, userIds: readonly string[]): Promise<Device[]> {
  if (userIds.length === 1 && userIds[0] !== undefined) return (await devicesOfOne(db, { userId: userIds[0] })).rows.map(toDevice);
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
