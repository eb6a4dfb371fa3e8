import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { MyProfileUser } from '../../contract/schemas/profile.ts';
import { DEFAULT_GROUP_ADD_POLICY, type GroupAddPolicy } from '../../contract/group-add-policy.ts';
import type { PasswordChangeInput } from '../../contract/validation/social.ts';
import { MSG } from '../../contract/messages.ts';
import { personalAtom } from './personal-atom.ts';
import { PENDING, type Pending } from './live-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { myEntriesAtom, syncStateOf, type SyncState } from './outbox.ts';
import { runEnqueue } from './enqueue-action.ts';

const profileRecordAtom = personalAtom(undefined, () => db.kv.get('profile'));

/** The signed-in user's own account as this phone last knew it (with changes still waiting to be sent). */
export const myAccountAtom = atom<MyProfileUser | null | Pending>((get) => {
  const record = get(profileRecordAtom);
  if (record === PENDING) return PENDING;
  return record?.key === 'profile' ? record.value.usuario : null;
});

/** The settings change not yet acknowledged, newest first: its state and, when refused, the server's reason. */
export interface PendingAccountChange {
  mutationId: number;
  sync: SyncState;
  error: string | null;
}

/** The outbox kinds that change the stored profile: name, photo and phone; who may add the user to groups. */
const ACCOUNT_KINDS: ReadonlySet<string> = new Set(['account.update', 'account.privacy']);

export const pendingAccountChangesAtom = atom<PendingAccountChange[]>((get) => {
  const entries = get(myEntriesAtom).filter((entry) => ACCOUNT_KINDS.has(entry.kind));
  return entries
    .map((entry) => ({ mutationId: entry.mutationId, sync: syncStateOf(entries, entry.mutationId), error: entry.error }))
    .reverse();
});

export interface AccountChanges {
  nome?: string;
  fotografia?: string | null;
  numeroTelemovel?: string;
}

export const updateAccountAtom = atom(null, (get, _set, changes: AccountChanges) =>
  runEnqueue(get(sessionUserAtom), (sync, userId) => sync.updateAccount(db, userId, changes)),
);

/**
 * Who may add the user to a group (Definições): saved on this phone at once and sent through the outbox; the
 * stored profile shows it before the server has it. Offline-first like the other account settings.
 */
export const updateGroupAddPolicyAtom = atom(null, (get, _set, policy: GroupAddPolicy) =>
  runEnqueue(get(sessionUserAtom), (sync, userId) => sync.updateGroupAddPolicy(db, userId, policy)),
);

/** The account's setting as this phone knows it: the default until the server has said otherwise. */
export const groupAddPolicyAtom = atom<GroupAddPolicy | Pending>((get) => {
  const account = get(myAccountAtom);
  if (account === PENDING) return PENDING;
  return account?.adicionarGrupos ?? DEFAULT_GROUP_ADD_POLICY;
});

export type AccountCallResult = { ok: true; message: string } | { ok: false; message: string };

/** Calls that need the server now: offline they are not tried and say so. */
async function online(run: () => Promise<AccountCallResult>): Promise<AccountCallResult> {
  if (!navigator.onLine) return { ok: false, message: MSG.network };
  return run();
}

export const changePasswordAtom = atom(null, (_get, _set, input: PasswordChangeInput) =>
  online(async () => (await loadSync()).changePassword(db, input)),
);

export const sendEmailConfirmationAtom = atom(null, () => online(async () => (await loadSync()).sendEmailConfirmation()));

export const sendPhoneCodeAtom = atom(null, () => online(async () => (await loadSync()).sendPhoneCode()));

export const verifyPhoneAtom = atom(null, (_get, _set, code: string) => online(async () => (await loadSync()).verifyPhone(db, code)));

/** Whether the e-mail is confirmed; null when the server could not be asked (offline). */
export const loadContactDetailsAtom = atom(null, async () => (navigator.onLine ? (await loadSync()).loadContactDetails() : null));

/** The profile asked of the server again, unless a change of it is still waiting (the answer would hide it). */
export const refreshAccountAtom = atom(null, async (get) => {
  if (!navigator.onLine || get(pendingAccountChangesAtom).some((change) => change.sync !== 'rejected')) return;
  await (await loadSync()).refreshProfile(db, { force: true });
});
