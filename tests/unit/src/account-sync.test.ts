import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { refreshLicence, refreshProfile } from '../../../src/sync/resources/account.ts';
import { conversationsList } from '../../../src/sync/resources/lists.ts';
import { refreshFirstPage } from '../../../src/sync/pull/paged.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { actor, type Actor } from '../server/helpers/social.ts';
import { fetchAs } from './helpers/fetch-as.ts';

// The user's own records and the users seen, pulled from the real server into the mirror.

let server: TestServer;
let demo: Actor;
let db: AppDb;

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  demo = await actor(server, 'demo');
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
  vi.stubGlobal('fetch', fetchAs(demo));
  db = new AppDb(`account-sync-${Date.now()}`);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await db.delete();
  await server.close();
});

describe('account records in the mirror', () => {
  it('keeps the licence and the profile, and when they were refreshed', async () => {
    await refreshLicence(db);
    await refreshProfile(db);
    const licence = await db.kv.get('licence');
    expect(licence?.key === 'licence' && (licence.value as { estado: string }).estado).toBe('habilitada');
    const profile = await db.kv.get('profile');
    expect(profile?.key === 'profile' && (profile.value as { usuario: { nomeUsuario: string } }).usuario.nomeUsuario).toBe('demo');
    expect((await db.syncMeta.get('licence'))?.error).toBeNull();
    expect((await db.users.where('nomeUsuario').equals('demo').count())).toBe(1);
  });

  it('remembers the people of the conversations as users seen', async () => {
    await refreshFirstPage(db, conversationsList(), { maxAgeMs: 0, force: true });
    expect(await db.conversations.count()).toBeGreaterThan(0);
    expect(await db.users.where('nomeUsuario').equals('moderador').count()).toBe(1);
  });
});
