import type { PushDispositivosTable } from '../db/schema.ts';
import type { WebPushSubscription } from '../../contract/schemas/push.ts';
import type { SessionClaims } from '../auth/session-revocation.ts';
import type { Db } from '../db/create-db.ts';
import { prepared } from '../db/prepared.ts';
import { newId } from '../lib/ids.ts';

// Push devices of the embedded Beams-compatible service (server/db/migrations/0003-push.ts). A device is bound to
// a user under one session (0013-session-bindings.ts): it is sent to only while that session is live, and ending
// the session unbinds it (server/auth/session-revocation.ts).

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
  const fresh = { usuario_id: null, sessao_id: null, sessao_inicio: null, interesses: '[]', sdk_version: sdkVersion, updated_at: now };
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
 * Ties a device to a user under one of their sessions, unless it already belongs to someone else: a device changes
 * user only by being deleted and registered again (what the Beams SDK does, stop() then start()), never by a call
 * naming it. Bound again by its own user, it takes the newer session.
 */
export async function bindDevice(db: Db, id: string, userId: string, session: SessionClaims): Promise<BindResult> {
  const result = await db
    .updateTable('push_dispositivos')
    .set({
      usuario_id: userId,
      sessao_id: session.sid,
      sessao_inicio: new Date(session.authAt).toISOString(),
      updated_at: new Date().toISOString(),
    })
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

/**
 * Devices bound under a session that is still live: not ended by sign-out (sessoes_terminadas), and signed in no
 * earlier than the user's sessoes_desde (a password change, a reset, "sign out of every device"). Ending a session
 * also unbinds its devices in the same transaction; this is the check that holds whatever wrote the row.
 * ISO strings of one format compare as the times they name.
 */
function liveDevices(db: Db) {
  return db
    .selectFrom('push_dispositivos')
    .innerJoin('usuarios', 'usuarios.id', 'push_dispositivos.usuario_id')
    .select(COLUMNS.map((column) => `push_dispositivos.${column}` as const))
    .where('push_dispositivos.sessao_id', 'is not', null)
    .where((eb) => eb.or([eb('usuarios.sessoes_desde', 'is', null), eb('usuarios.sessoes_desde', '<=', eb.ref('push_dispositivos.sessao_inicio'))]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('sessoes_terminadas').select('sid').whereRef('sessoes_terminadas.sid', '=', 'push_dispositivos.sessao_id'))));
}

// A chat message reaches one person: their devices are looked up after every message, so that query is built once.
const devicesOfOne = prepared<{ userId: string }, Row>((db, param) => liveDevices(db).where('push_dispositivos.usuario_id', '=', param('userId')));

/** The devices a push to these users goes to: only those bound under a live session. */
export async function devicesOfUsers(db: Db, userIds: readonly string[]): Promise<Device[]> {
  if (userIds.length === 1 && userIds[0] !== undefined) return (await devicesOfOne(db, { userId: userIds[0] })).rows.map(toDevice);
  const devices: Device[] = [];
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await liveDevices(db).where('push_dispositivos.usuario_id', 'in', userIds.slice(start, start + 500)).execute();
    devices.push(...rows.map(toDevice));
  }
  return devices;
}
