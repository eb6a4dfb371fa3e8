import type { Role, Session } from '../../contract/schemas/auth.ts';
import { isRecord } from '../lib/is-record.ts';

// The session asked for at a first start (sync/session-at-start.ts), before the first screen. Neither ky nor zod loads
// for it (DESIGN §10: zod's core alone is some 15 KB gzip): the answer is checked here field by field, by the rules
// of contract/schemas/auth.ts SessionSchema, and the full refresh (api/auth.ts fetchSession, with the schema)
// validates it again once the first screen is up.

const ROLES: readonly Role[] = ['usuario', 'moderador'];
const ACCOUNTS: readonly unknown[] = ['oficial', 'privilegiada'];

const isNullishString = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/** The answer as a Session, or null when it is not one (the fields the schema would strip are dropped here too). */
export function sessionOf(body: unknown): Session | null {
  if (!isRecord(body) || typeof body.expires !== 'string' || !isRecord(body.user)) return null;
  const { id, nomeUsuario, role, conta, name, email, image } = body.user;
  if (typeof id !== 'string' || typeof nomeUsuario !== 'string' || !ROLES.includes(role as Role)) return null;
  if (!(conta === undefined || conta === null || ACCOUNTS.includes(conta))) return null;
  if (!isNullishString(name) || !isNullishString(email) || !isNullishString(image)) return null;
  const user: Session['user'] = { id, nomeUsuario, role: role as Role };
  if (conta !== undefined) user.conta = conta as Session['user']['conta'];
  if (name !== undefined) user.name = name as string | null;
  if (email !== undefined) user.email = email as string | null;
  if (image !== undefined) user.image = image as string | null;
  return { user, expires: body.expires };
}

export type SessionAtStart = { kind: 'ok'; session: Session | null } | { kind: 'failed' };

const isEmpty = (body: unknown) => body === null || (isRecord(body) && Object.keys(body).length === 0);

/** GET /api/auth/session: the session, null when signed out ({} or null: protocols §4.6); failed without a clear answer. */
export async function fetchSessionAtStart(): Promise<SessionAtStart> {
  try {
    const response = await fetch('/api/auth/session', {
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'fichas' },
      signal: AbortSignal.timeout(20_000),
    });
    if (response.status !== 200) return { kind: 'failed' };
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : null;
    const session = sessionOf(body);
    if (session) return { kind: 'ok', session };
    return isEmpty(body) ? { kind: 'ok', session: null } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
