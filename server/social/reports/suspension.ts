import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { ANGOLA_UTC_OFFSET_MS } from '../../../contract/angola-time.ts';
import { REPORT_MSG } from '../../../contract/schemas/reports.ts';
import type { AppEnv } from '../../hono-env.ts';
import { readSessionToken } from '../../auth/session.ts';
import type { Database } from '../../db/schema.ts';
import { jsonError } from '../../lib/http.ts';
import { withReports } from './tables.ts';

// A user suspended by a moderator's decision (docs/api/social.md "Reports") changes nothing until the time set:
// every call that changes state answers 403 'A tua conta está suspensa até 24/11/2026 15:30' (Luanda time). Reading
// stays open, and so do the few calls that only mark what the user has seen or end sessions.

/** Calls a suspended user may still make: they change only what the user has seen, or end their own sessions. */
const ALWAYS_ALLOWED = [
  /^\/api\/client\/common\/notificacoes\/marcarLidas$/,
  /^\/api\/client\/common\/perfil\/contadores\/[^/]+\/zerar$/,
  /^\/api\/client\/common\/conversas\/setUnreadMessageToFalse$/,
  /^\/api\/client\/common\/conta\/terminarSessoes$/,
];

/**
 * Suspensions in force, read at most every CACHE_MS per database: every mutation asks, and suspensions are few, so
 * one small query every few seconds replaces one per request. A decision in this process clears it at once
 * (forgetSuspensions); another process sees it within CACHE_MS.
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<object, { loadedAt: number; until: Map<string, string> }>();

export function forgetSuspensions(db: object): void {
  cache.delete(db);
}

async function activeSuspension(db: Kysely<Database>, userId: string): Promise<string | null> {
  const now = Date.now();
  let entry = cache.get(db);
  if (!entry || now - entry.loadedAt > CACHE_MS) {
    const rows = await withReports(db).selectFrom('suspensoes').select(['usuario_id', 'ate']).where('ate', '>', new Date(now).toISOString()).execute();
    entry = { loadedAt: now, until: new Map(rows.map((row) => [row.usuario_id, row.ate])) };
    cache.set(db, entry);
  }
  const ate = entry.until.get(userId);
  return ate && ate > new Date(now).toISOString() ? ate : null;
}

/** 24/11/2026 15:30 in Luanda (Angola's time, contract/angola-time.ts). */
export function luandaTime(iso: string): string {
  const date = new Date(new Date(iso).getTime() + ANGOLA_UTC_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
}

export function suspendedMessage(ate: string): string {
  return `${REPORT_MSG.suspendedPrefix} ${luandaTime(ate)}`;
}

/**
 * Mounted (server/app.ts) on the state-changing calls of /api/client/common and /api/client/apostador, before their
 * handlers: 403 for a suspended session user; without a session it lets the route answer its own 401.
 */
export const refuseSuspended: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (ALWAYS_ALLOWED.some((pattern) => pattern.test(c.req.path))) return next();
  // The token alone (no session-liveness query): an ended session is refused by requireSession all the same.
  const session = await readSessionToken(c);
  const userId = session ? (session.token.id ?? session.token.sub) : undefined;
  if (typeof userId === 'string' && userId) {
    const ate = await activeSuspension(c.get('db'), userId);
    if (ate) return jsonError(c, 403, suspendedMessage(ate));
  }
  await next();
};
