import type { AppDb } from '../../db/app-db.ts';
import { fetchLicence } from '../../api/account.ts';
import { fetchMyProfile } from '../../api/social.ts';
import { REFRESH_UPDATES_MS } from '../../../contract/limits.ts';
import { isStale, markFailed, markRefreshed } from '../freshness.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { writeForOwner } from '../mirror-owner.ts';

// The signed-in user's own records in the mirror: the licence (subscription) and the profile (SPEC §3).

export async function refreshLicence(db: AppDb, options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && !(await isStale(db, 'licence', REFRESH_UPDATES_MS))) return;
  const owner = await readMirrorOwner(db);
  const result = await fetchLicence();
  await writeForOwner(db, owner, async (tx) => {
    if (result.kind !== 'ok') return markFailed(tx, 'licence', result.message);
    await tx.kv.put({ key: 'licence', value: result.data.licenca });
    await markRefreshed(tx, 'licence');
  });
}

export async function refreshProfile(db: AppDb, options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && !(await isStale(db, 'profile', REFRESH_UPDATES_MS))) return;
  const owner = await readMirrorOwner(db);
  const result = await fetchMyProfile();
  await writeForOwner(db, owner, async (tx) => {
    if (result.kind !== 'ok') return markFailed(tx, 'profile', result.message);
    const { usuario, follows, registo } = result.data;
    // The record is kept as last sent: a server that sends none leaves the one this phone holds.
    const previous = registo ? undefined : await tx.kv.get('profile');
    const record = registo ?? (previous?.key === 'profile' ? previous.value.registo : undefined);
    await tx.kv.put({ key: 'profile', value: { usuario, follows, ...(record ? { registo: record } : {}) } });
    await tx.users.put({ id: usuario.id, nomeUsuario: usuario.nomeUsuario, data: { ...usuario, ...(record ? { registo: record } : {}) }, seenAt: Date.now() });
    await markRefreshed(tx, 'profile');
  });
}
