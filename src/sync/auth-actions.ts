import type { AppDb } from '../db/app-db.ts';
import { forgotPasswordRequest, isAvailable, resetPasswordRequest, signInWithProvider, signUpRequest } from '../api/auth.ts';
import type { PasswordResetRequest, SignUpRequest } from '../../contract/schemas/auth.ts';
import { MSG } from '../../contract/messages.ts';
import { finishPendingSignOut, refreshSession, signIn, type AuthActionResult } from './session-actions.ts';

/** A refusal's field errors (contract ErrorResponseSchema `campos`), kept only where each is a field and its message. */
function fieldErrorsOf(body: unknown): Record<string, string> | undefined {
  const campos = body && typeof body === 'object' ? (body as { campos?: unknown }).campos : undefined;
  if (!campos || typeof campos !== 'object') return undefined;
  const entries = Object.entries(campos).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Creates the account, then signs in with it (the user lands signed in, SPEC §2 Auth screen). A refusal brings every
 * field's error the server found (`fields`: field -> message), with its first as `message`.
 */
export async function signUp(
  db: AppDb,
  payload: SignUpRequest,
  callbackUrl: string,
): Promise<(AuthActionResult & { created?: boolean }) | { ok: false; message: string; fields?: Record<string, string> }> {
  const result = await signUpRequest(payload);
  if (result.kind === 'network') return { ok: false, message: MSG.network };
  if (result.kind === 'http' && result.status === 413) return { ok: false, message: MSG.imageProblem };
  if (result.kind === 'http' && result.status === 400) {
    const fields = fieldErrorsOf(result.body);
    return fields ? { ok: false, message: result.message, fields } : { ok: false, message: result.message };
  }
  if (result.kind === 'http') return { ok: false, message: MSG.signUpFailed };
  if (result.kind === 'invalid') return { ok: false, message: MSG.signUpFailed };
  const signedIn = await signIn(db, { userData: payload.nomeUsuario, password: payload.password, callbackUrl });
  return { ...signedIn, created: true };
}

export type Availability = 'available' | 'unavailable' | 'unknown';

export async function checkAvailability(kind: 'nomeUsuario' | 'email', value: string): Promise<Availability> {
  const result = await isAvailable(kind, value);
  if (result.kind !== 'ok') return 'unknown';
  return result.data.disponivel ? 'available' : 'unavailable';
}

export async function requestPasswordRecovery(identifier: string): Promise<AuthActionResult & { notice?: string }> {
  const result = await forgotPasswordRequest(identifier);
  if (result.kind === 'ok') return { ok: true, notice: result.data.message };
  if (result.kind === 'network') return { ok: false, message: MSG.network };
  // A refusal (400 rule, 429 wait) says why; only a failed send (502) or a broken answer is 'could not send'.
  return { ok: false, message: result.kind === 'http' && result.status < 500 ? result.message : MSG.forgotFailed };
}

/**
 * Sets a new password with a mailed reset link. The server ends every session of the account, so a session this
 * phone holds is asked again (it is gone).
 */
export async function resetPassword(db: AppDb, payload: PasswordResetRequest): Promise<AuthActionResult & { notice?: string }> {
  const result = await resetPasswordRequest(payload);
  if (result.kind === 'network') return { ok: false, message: MSG.network };
  if (result.kind !== 'ok') return { ok: false, message: result.kind === 'http' ? result.message : MSG.generic };
  await refreshSession(db);
  return { ok: true, notice: result.data.message };
}

export async function startProviderSignIn(db: AppDb, provider: string, callbackUrl: string): Promise<{ url: string } | { message: string }> {
  if (!(await finishPendingSignOut(db))) return { message: MSG.network };
  const result = await signInWithProvider(provider, callbackUrl);
  if (result.kind === 'ok') return { url: result.data };
  return { message: result.kind === 'network' ? MSG.network : MSG.loginFailed };
}
