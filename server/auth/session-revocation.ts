import { randomUUID } from 'node:crypto';
import type { Db } from '../db/create-db.ts';
import { prepared } from '../db/prepared.ts';
import type { Trx } from '../idempotency/idempotent.ts';
import { noteSessionsEnded } from './session-end.ts';

// Sessions are JWTs in a cookie (Auth.js), so ending one needs a note on the server (docs/security.md, "Stolen session
// cookie"): each session carries its own id (`sid`) and its sign-in time (`authAt`, ms) from sign-in on. Sign-out
// records the sid until the token would have expired anyway; a password change or "sign out of every device" moves the
// user's `sessoes_desde`, which voids every session signed in before it. `iat` cannot serve as the sign-in time:
// Auth.js re-encodes the token on every session read. Whatever was authorised under an ended session ends with it: push
// devices bound under it are unbound in the same transaction, and the user's live connections are closed once it has
// committed (session-end.ts).

/** Auth.js's default, set explicitly so the sign-out record and a renewed cookie last as long as the session. */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;

export interface SessionClaims {
  sid: string;
  authAt: number;
}

export function newSessionClaims(now = Date.now()): SessionClaims {
  return { sid: randomUUID(), authAt: now };
}

/** The claims of a decoded token, or null for a token issued before sessions could be ended (treated as void). */
export function sessionClaimsOf(token: Record<string, unknown>): SessionClaims | null {
  const { sid, authAt } = token;
  if (typeof sid !== 'string' || sid.length === 0 || typeof authAt !== 'number' || !Number.isFinite(authAt)) return null;
  return { sid, authAt };
}

// Every authenticated call asks this: built and compiled by kysely once (server/db/prepared.ts), not on every call.
const liveQuery = prepared<{ sid: string; userId: string }, { sessoes_desde: string | null; terminada: unknown }>((db, param) =>
  db
    .selectFrom('usuarios')
    .select((eb) => [
      'usuarios.sessoes_desde',
      eb.exists(eb.selectFrom('sessoes_terminadas').select('sid').where('sid', '=', param('sid'))).as('terminada'),
    ])
    .where('usuarios.id', '=', param('userId')),
);

/**
 * Whether a session is still good: one query on two primary keys (the user, and the sid among ended sessions), on
 * every call (nothing is kept between calls, so a session ended by any process is refused at once).
 * A session of a user who no longer exists is void too.
 */
export async function isSessionLive(db: Db, userId: string, claims: SessionClaims): Promise<boolean> {
  const { rows } = await liveQuery(db, { sid: claims.sid, userId });
  const row = rows[0];
  if (!row || Number(row.terminada) === 1) return false;
  return row.sessoes_desde === null || Date.parse(row.sessoes_desde) <= claims.authAt;
}

/**
 * Sign-out: this session is void from now on. The record is kept until the token's own expiry (`exp`, seconds),
 * when housekeeping removes it (server/jobs/housekeeping.ts).
 */
export async function endSession(db: Db, userId: string, sid: string, expSeconds: number | undefined, now = Date.now()): Promise<void> {
  const expiresAt = new Date(expSeconds && Number.isFinite(expSeconds) ? expSeconds * 1000 : now + SESSION_MAX_AGE_S * 1000);
  await db
    .insertInto('sessoes_terminadas')
    .values({ sid, usuario_id: userId, expira_em: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column('sid').doNothing())
    .execute();
  await db.updateTable('push_dispositivos').set(UNBOUND).where('usuario_id', '=', userId).where('sessao_id', '=', sid).execute();
  noteSessionsEnded(userId);
}

/** Every session of the user signed in before `now` is void (password change, "sign out of every device"). */
export async function endSessionsBefore(trx: Trx | Db, userId: string, now: Date): Promise<void> {
  const since = now.toISOString();
  await trx.updateTable('usuarios').set({ sessoes_desde: since }).where('id', '=', userId).execute();
  await trx
    .updateTable('push_dispositivos')
    .set(UNBOUND)
    .where('usuario_id', '=', userId)
    .where((eb) => eb.or([eb('sessao_inicio', 'is', null), eb('sessao_inicio', '<', since)]))
    .execute();
  noteSessionsEnded(userId);
}

/** A push device with no user: it gets nothing until a live session binds it again (server/push/devices-repo.ts). */
const UNBOUND = { usuario_id: null, sessao_id: null, sessao_inicio: null } as const;
