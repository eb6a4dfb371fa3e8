import type { AppDb } from '../../db/app-db.ts';
import type { ApiResult } from '../../api/http.ts';
import {
  changePasswordRequest,
  confirmEmailRequest,
  endAllSessionsRequest,
  fetchContactDetails,
  phoneCodeRequest,
  verifyPhoneRequest,
} from '../../api/account.ts';
import type { ContactDetails } from '../../../contract/schemas/settings.ts';
import type { PasswordChangeInput } from '../../../contract/validation/social.ts';
import { MSG } from '../../../contract/messages.ts';
import { writeForOwner, writeSession } from '../mirror-owner.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { signalOtherTabs } from '../tab-signal.ts';
import { unregisterPush } from '../push.ts';
import { refreshSession } from '../session-actions.ts';
import { trackSessionChange } from '../session-changes.ts';

// The settings screen's calls that need the server now (SPEC §7 Profile, contact; docs/api/social.md "Settings");
// name, photo and phone go through the outbox (account-update.ts).

export type AccountCallResult = { ok: true; message: string } | { ok: false; message: string };

function outcomeOf(result: ApiResult<{ message: string }>): AccountCallResult {
  if (result.kind === 'ok') return { ok: true, message: result.data.message };
  if (result.kind === 'http') return { ok: false, message: result.message };
  return { ok: false, message: result.kind === 'network' ? MSG.network : MSG.generic };
}

/** Needs the network; the answer renews this device's cookie and ends every other session. */
export async function changePassword(db: AppDb, input: PasswordChangeInput): Promise<AccountCallResult> {
  // The answer renews this page's cookie; the live connection's close for the ended sessions may come first.
  const outcome = outcomeOf(await trackSessionChange(changePasswordRequest(input)));
  if (outcome.ok) await refreshSession(db);
  return outcome;
}

/** Every session of the user ends on the server, this one included, so this phone signs out too. */
export async function endAllSessions(db: AppDb): Promise<AccountCallResult> {
  const outcome = outcomeOf(await endAllSessionsRequest());
  if (!outcome.ok) return outcome;
  await writeSession(db, { session: null, checkedAt: Date.now(), signOutPending: false });
  signalOtherTabs('signout');
  void unregisterPush(db).catch(() => undefined);
  return outcome;
}

export async function loadContactDetails(): Promise<ContactDetails | null> {
  const result = await fetchContactDetails();
  return result.kind === 'ok' ? result.data.contactDetails : null;
}

export async function sendEmailConfirmation(): Promise<AccountCallResult> {
  return outcomeOf(await confirmEmailRequest());
}

export async function sendPhoneCode(): Promise<AccountCallResult> {
  return outcomeOf(await phoneCodeRequest());
}

/** A verified number shows as such in the stored profile at once (still the same user's: a shared phone). */
export async function verifyPhone(db: AppDb, code: string): Promise<AccountCallResult> {
  const owner = await readMirrorOwner(db);
  const outcome = outcomeOf(await verifyPhoneRequest(code));
  if (!outcome.ok) return outcome;
  await writeForOwner(db, owner, async (tx) => {
    const record = await tx.kv.get('profile');
    if (record?.key !== 'profile') return;
    await tx.kv.put({ key: 'profile', value: { ...record.value, usuario: { ...record.value.usuario, telefoneVerificado: true } } });
  });
  return outcome;
}
