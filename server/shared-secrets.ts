import { randomBytes, randomInt } from 'node:crypto';
import type { Config } from './config.ts';
import type { Db, DbKind } from './db/create-db.ts';

const generatedAppId = () => String(randomInt(100_000, 10_000_000));

/**
 * Several server processes on one PostgreSQL must sign sessions, Pusher channels and pushes with the same keys. A
 * key given in the environment always wins; one that was generated (today: into this process's DATA_DIR) is offered
 * to the database, where the first process's value is kept and every later process adopts it, whatever its
 * DATA_DIR. On SQLite the database is one file used by one process, so the DATA_DIR files stay as they are.
 */
export async function shareGeneratedSecrets(
  config: Config,
  db: Db,
  kind: DbKind,
  env: Record<string, string | undefined> = process.env,
): Promise<Config> {
  if (kind !== 'postgres') return config;
  const shared = async (name: string, local: string): Promise<string> => {
    const chave = `segredo:${name}`;
    await db
      .insertInto('servidor_meta')
      .values({ chave, valor: local, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('chave').doNothing())
      .execute();
    const row = await db.selectFrom('servidor_meta').select('valor').where('chave', '=', chave).executeTakeFirstOrThrow();
    return row.valor;
  };
  const set = (name: string) => Boolean(env[name]?.trim());

  const authSecret = set('AUTH_SECRET') ? config.authSecret : await shared('auth', config.authSecret);
  const { pusher, beams, vapid } = config.realtime;
  const sharedPusher =
    pusher.mode === 'embedded' || pusher.keysFromDatabase
      ? {
          ...pusher,
          appId: set('PUSHER_APP_ID') ? pusher.appId : await shared('pusher-app-id', pusher.appId || generatedAppId()),
          key: set('PUSHER_KEY') ? pusher.key : await shared('pusher-key', pusher.key || randomBytes(10).toString('hex')),
          secret: set('PUSHER_SECRET') ? pusher.secret : await shared('pusher-secret', pusher.secret || randomBytes(24).toString('hex')),
        }
      : pusher;
  const sharedBeams =
    beams.mode === 'embedded'
      ? {
          ...beams,
          instanceId: await shared('beams-instance', beams.instanceId),
          secretKey: await shared('beams-secret', beams.secretKey),
        }
      : beams;
  let sharedVapid = vapid;
  if (!set('VAPID_PUBLIC_KEY')) {
    // The pair travels as one value so two processes can never end up with halves of different pairs.
    const pair = JSON.parse(await shared('vapid', JSON.stringify([vapid.publicKey, vapid.privateKey]))) as [string, string];
    sharedVapid = { ...vapid, publicKey: pair[0], privateKey: pair[1] };
  }
  return { ...config, authSecret, realtime: { ...config.realtime, pusher: sharedPusher, beams: sharedBeams, vapid: sharedVapid } };
}
