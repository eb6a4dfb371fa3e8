import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { readSessionRecord } from '../db/session-record.ts';
import type { SessionRecord } from '../db/types.ts';
import type { PasswordResetRequest, SignUpRequest, SessionUser } from '../../contract/schemas/auth.ts';
import { MSG } from '../../contract/messages.ts';
import { liveAtom, PENDING, type Pending } from './live-atom.ts';
import { loadSync } from './lazy-sync.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** The session record as the store holds it (PENDING until the store has answered). */
export const storedSessionRecordAtom = liveAtom(() => readSessionRecord(db));

/** The record this tab has just written (a sign-out): the screens have it at once, before the live query brings it. */
const writtenRecordAtom = atom<SessionRecord | null>(null);

const sessionRecordAtom = atom((get) => {
  const stored = get(storedSessionRecordAtom);
  const written = get(writtenRecordAtom);
  if (written && (stored === PENDING || !stored || stored.checkedAt < written.checkedAt)) return written;
  return stored;
});

/** Whose rows the phone's store holds (sync/mirror-owner.ts): the stored session's user, null when signed out. */
export const mirrorOwnerAtom = atom<string | null | Pending>((get) => {
  const record = get(sessionRecordAtom);
  return record === PENDING ? PENDING : (record?.session?.user.id ?? null);
});

/** SPEC §4 Session status. A stored session stays valid offline until its own expiry. */
export const sessionStatusAtom = atom<SessionStatus>((get) => {
  const record = get(sessionRecordAtom);
  if (record === PENDING || record === undefined) return 'loading';
  const session = record.session;
  if (!session || Date.parse(session.expires) <= Date.now()) return 'unauthenticated';
  return 'authenticated';
});

export const sessionUserAtom = atom<SessionUser | null>((get) => {
  const record = get(sessionRecordAtom);
  if (get(sessionStatusAtom) !== 'authenticated' || record === PENDING || !record?.session) return null;
  return record.session.user;
});

export const signInAtom = atom(null, async (_get, _set, input: { userData: string; password: string; callbackUrl: string }) =>
  (await loadSync()).signIn(db, input),
);

export const signUpAtom = atom(null, async (_get, _set, input: { payload: SignUpRequest; callbackUrl: string }) =>
  (await loadSync()).signUp(db, input.payload, input.callbackUrl),
);

export const signOutAtom = atom(null, async (_get, set) => {
  const result = await (await loadSync()).signOut(db);
  // Screens follow the store through a live query, a moment after the write, and offline the server call fails at
  // once: a navigation right after would meet the old session (the landing page would send the user back to
  // /explorar). So the screens get the record just written, now.
  set(writtenRecordAtom, (await readSessionRecord(db)) ?? null);
  return result;
});

/** Ends every session of the user (SPEC §7 settings); this phone is signed out at once, like signOutAtom. */
export const endAllSessionsAtom = atom(null, async (_get, set) => {
  if (!navigator.onLine) return { ok: false as const, message: MSG.network };
  const result = await (await loadSync()).endAllSessions(db);
  if (result.ok) set(writtenRecordAtom, (await readSessionRecord(db)) ?? null);
  return result;
});

export const checkAvailabilityAtom = atom(null, async (_get, _set, input: { kind: 'nomeUsuario' | 'email'; value: string }) =>
  (await loadSync()).checkAvailability(input.kind, input.value),
);

export const requestRecoveryAtom = atom(null, async (_get, _set, identifier: string) =>
  (await loadSync()).requestPasswordRecovery(identifier),
);

export const resetPasswordAtom = atom(null, async (_get, set, payload: PasswordResetRequest) => {
  const result = await (await loadSync()).resetPassword(db, payload);
  if (result.ok) set(writtenRecordAtom, (await readSessionRecord(db)) ?? null);
  return result;
});

export const providerSignInAtom = atom(null, async (_get, _set, input: { provider: string; callbackUrl: string }) =>
  (await loadSync()).startProviderSignIn(db, input.provider, input.callbackUrl),
);
