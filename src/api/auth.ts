import { z } from 'zod';
import {
  AuthUrlResponseSchema,
  CsrfResponseSchema,
  IsAvailableResponseSchema,
  MessageResponseSchema,
  SessionSchema,
  SignUpResponseSchema,
  type PasswordResetRequest,
  type Session,
  type SignUpRequest,
} from '../../contract/schemas/auth.ts';
import { call, type ApiResult } from './http.ts';

const BASE = '/api/auth';

// next-auth v4 answers {} when there is no session (protocols §4.6).
const SessionOrEmptySchema = z.union([SessionSchema, z.object({}).strict(), z.null()]);

export async function fetchSession(): Promise<ApiResult<Session | null>> {
  const result = await call(`${BASE}/session`, { schema: SessionOrEmptySchema, envelope: false });
  if (result.kind !== 'ok') return result;
  const session = SessionSchema.safeParse(result.data);
  return { ...result, data: session.success ? session.data : null };
}

async function csrfToken(): Promise<ApiResult<string>> {
  const result = await call(`${BASE}/csrf`, { schema: CsrfResponseSchema, envelope: false });
  return result.kind === 'ok' ? { ...result, data: result.data.csrfToken } : result;
}

export type SignInOutcome = { ok: true; url: string } | { ok: false; error: string; status: number };

export async function signInWithCredentials(input: {
  userData: string;
  password: string;
  callbackUrl: string;
}): Promise<ApiResult<SignInOutcome>> {
  const csrf = await csrfToken();
  if (csrf.kind !== 'ok') return csrf;
  const form = { ...input, csrfToken: csrf.data, json: 'true' };
  const result = await call(`${BASE}/callback/credentials`, {
    method: 'post',
    form,
    schema: AuthUrlResponseSchema,
    envelope: false,
  });
  if (result.kind === 'ok') return { ...result, data: readAuthUrl(result.data.url, result.status) };
  if (result.kind === 'http' && result.status === 401) {
    const parsed = AuthUrlResponseSchema.safeParse(result.body);
    const error = parsed.success ? (readAuthUrl(parsed.data.url, 401) as { error?: string }).error : undefined;
    return { kind: 'ok', status: 401, data: { ok: false, error: error ?? 'CredentialsSignin', status: 401 } };
  }
  return result;
}

function readAuthUrl(url: string, status: number): SignInOutcome {
  const error = new URL(url, location.origin).searchParams.get('error');
  return error ? { ok: false, error, status } : { ok: true, url };
}

export async function signOutRequest(callbackUrl: string): Promise<ApiResult<unknown>> {
  const csrf = await csrfToken();
  if (csrf.kind !== 'ok') return csrf;
  return call(`${BASE}/signout`, {
    method: 'post',
    form: { csrfToken: csrf.data, callbackUrl, json: 'true' },
    schema: AuthUrlResponseSchema,
    envelope: false,
  });
}

const ProvidersSchema = z.record(z.string(), z.object({ id: z.string(), type: z.string() }));

export async function fetchProviders(): Promise<ApiResult<string[]>> {
  const result = await call(`${BASE}/providers`, { schema: ProvidersSchema, envelope: false });
  return result.kind === 'ok' ? { ...result, data: Object.keys(result.data) } : result;
}

export function signUpRequest(payload: SignUpRequest) {
  return call(`${BASE}/signup`, { method: 'post', json: payload, schema: SignUpResponseSchema, expect: 201 });
}

export function isAvailable(kind: 'nomeUsuario' | 'email', value: string) {
  return call(`${BASE}/isAvailable/${kind}/${encodeURIComponent(value)}`, { schema: IsAvailableResponseSchema });
}

export function forgotPasswordRequest(identifier: string) {
  return call(`${BASE}/forgotPassword/${encodeURIComponent(identifier)}`, { schema: MessageResponseSchema });
}

export function resetPasswordRequest(payload: PasswordResetRequest) {
  return call(`${BASE}/redefinirPassword`, { method: 'post', json: payload, schema: MessageResponseSchema });
}

/** Starts an OAuth sign-in; the answer is the provider's page to go to. */
export async function signInWithProvider(provider: string, callbackUrl: string): Promise<ApiResult<string>> {
  const csrf = await csrfToken();
  if (csrf.kind !== 'ok') return csrf;
  const result = await call(`${BASE}/signin/${provider}`, {
    method: 'post',
    form: { csrfToken: csrf.data, callbackUrl, json: 'true' },
    schema: AuthUrlResponseSchema,
    envelope: false,
  });
  return result.kind === 'ok' ? { ...result, data: result.data.url } : result;
}
