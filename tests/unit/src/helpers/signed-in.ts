import type { AppDb } from '../../../../src/db/app-db.ts';

/** Stores on the phone `who`'s session as the app keeps it after a sign-in (an ordinary user, a day to run). */
export async function storeSignedIn(db: AppDb, who: { id: string; nomeUsuario: string }): Promise<void> {
  await db.kv.put({
    key: 'session',
    session: { user: { id: who.id, nomeUsuario: who.nomeUsuario, role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() },
    checkedAt: Date.now(),
  });
}
