import 'fake-indexeddb/auto';
import './helpers/zone-less-awaits.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/instance.ts';
import { refreshUserProfile } from '../../../src/sync/resources/profile.ts';
import { refreshProfile } from '../../../src/sync/resources/account.ts';
import { profileAtom, type ProfileView } from '../../../src/state/profile.ts';
import { watch } from './helpers/watch-atom.ts';
import type { UserRecord } from '../../../contract/schemas/record.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { newUser, type Actor } from '../server/helpers/social.ts';
import { fetchAs } from './helpers/fetch-as.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// The verified record in the phone's store: someone's and one's own, as the real server sends them
// with the profile, kept when a refresh fails (readable offline once seen), and what the profile screen reads.

const P = '/api/client/common/perfil';

let server: TestServer;
let ana: Actor;
let online = true;

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  ana = await newUser(server, 'registo');
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
  vi.stubGlobal('fetch', fetchAs(ana, () => online));
  await storeSignedIn(db, ana);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await db.delete();
  await server.close();
});

describe('the record on the phone', () => {
  it("keeps someone's record as the server sent it, through a failed refresh, and the profile view shows it", async () => {
    const sent = (await ana.get(`${P}/demo`)).body.registo as UserRecord;
    expect(sent).toBeDefined();
    expect(await refreshUserProfile(db, 'demo')).toBe('loaded');
    const row = async () => (await db.users.where('nomeUsuario').equals('demo').first())?.data;
    // The same figures (calculadoEm is the moment each answer was made).
    const stored = (await row())?.registo;
    expect(stored).toEqual({ ...sent, calculadoEm: expect.any(String) });

    online = false;
    expect(await refreshUserProfile(db, 'demo')).toBe('error');
    expect((await row())?.registo).toEqual(stored);
    const view = watch<ProfileView | undefined>(profileAtom('demo'));
    await expect.poll(() => (view() as ProfileView | undefined)?.registo).toEqual(stored);
    online = true;
  });

  it('keeps my own record with my profile, below the guard for a new account', async () => {
    await refreshProfile(db, { force: true });
    const stored = await db.kv.get('profile');
    const registo = stored?.key === 'profile' ? stored.value.registo : undefined;
    expect(registo).toMatchObject({ suficiente: false, total: { liquidadas: 0, taxaAcerto: null, roi: null } });
    const view = watch<ProfileView | undefined>(profileAtom(ana.nomeUsuario));
    await expect.poll(() => (view() as ProfileView | undefined)?.registo).toEqual(registo);

    online = false;
    await refreshProfile(db, { force: true });
    const kept = await db.kv.get('profile');
    expect(kept?.key === 'profile' ? kept.value.registo : undefined).toEqual(registo);
    online = true;
  });
});
