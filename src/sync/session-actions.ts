import type { AppDb } from '../db/app-db.ts';
import { readSessionRecord } from '../db/session-record.ts';
import { fetchSession, signInWithCredentials, signOutRequest } from '../api/auth.ts';
import { MSG } from '../../contract/messages.ts';
import { signalOtherTabs } from './tab-signal.ts';
import { hasWaiting, resumePaused } from './outbox/replayer.ts';
import { outboxRunner } from './outbox/app-outbox.ts';
import { unregisterPush } from './push.ts';
import { writeSession } from './mirror-owner.ts';

let inFlight: Promise<void> | null = null;

/** Asks the server who is signed in and stores the answer; offline, what was stored stays. */
export function refreshSession(db: AppDb): Promise<void> {
  inFlight ??= doRefresh(db).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Tells the server about a sign-out made offline; false while it cannot be reached. A new sign-in waits for it:
 * sent after, it would end the new session, and dropped, it would leave the old cookie to sign the previous user
 * back in should the new sign-in fail.
 */
export async function finishPendingSignOut(db: AppDb): Promise<boolean> {
  if (!(await readSessionRecord(db))?.signOutPending) return true;
  const done = await signOutRequest('/');
  if (done.kind === 'network') return false;
  await writeSession(db, { session: null, checkedAt: Date.now(), signOutPending: false });
  return true;
}

async function doRefresh(db: AppDb): Promise<void> {
  const current = await readSessionRecord(db);
  if (!(await finishPendingSignOut(db))) return;
  const result = await fetchSession();
  if (result.kind === 'ok') {
    await writeSession(db, { session: result.data, checkedAt: Date.now(), signOutPending: false });
    // The same user is back: entries paused by a 401, or left waiting when they signed out, go out again (DESIGN §4).
    if (result.data) {
      await resumePaused(db, result.data.user.id);
      if (await hasWaiting(db, result.data.user.id)) void outboxRunner(db).poke();
    }
    return;
  }
  // No answer: keep what we knew. A first start with no network knows nobody.
  if (!current) await writeSession(db, { session: null, checkedAt: 0 });
}

export type AuthActionResult = { ok: true } | { ok: false; message: string };

export async function signIn(
  db: AppDb,
  input: { userData: string; password: string; callbackUrl: string },
): Promise<AuthActionResult> {
  if (!(await finishPendingSignOut(db))) return { ok: false, message: MSG.network };
  const result = await signInWithCredentials(input);
  if (result.kind !== 'ok') return { ok: false, message: result.kind === 'network' ? MSG.network : MSG.loginFailed };
  if (!result.data.ok) return { ok: false, message: MSG.loginFailed };
  await refreshSession(db);
  const record = await readSessionRecord(db);
  if (!record?.session) return { ok: false, message: MSG.loginFailed };
  signalOtherTabs('signin');
  // Ask the browser not to evict the store under storage pressure: unsent changes (the outbox) live only there.
  void navigator.storage?.persist?.().catch(() => false);
  return { ok: true };
}

/**
 * Signs out on this phone at once; the server is told now or, when offline, on the next refresh. Returns whether
 * the server heard it (SPEC §8: 'Sem rede' when it did not, the user is still signed out locally).
 */
export async function signOut(db: AppDb): Promise<{ reachedServer: boolean }> {
  await writeSession(db, { session: null, checkedAt: Date.now(), signOutPending: true });
  signalOtherTabs('signout');
  // This device stops receiving the previous user's pushes (SPEC §4 Push); best effort.
  void unregisterPush(db).catch(() => undefined);
  const result = await signOutRequest('/');
  if (result.kind === 'network') return { reachedServer: false };
  await writeSession(db, { session: null, checkedAt: Date.now(), signOutPending: false });
  return { reachedServer: true };
}
