import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../../contract/messages.ts';
import type { ErrorDetails } from '../../contract/schemas/errors.ts';
import type { AppEnv } from '../hono-env.ts';
import type { Db } from '../db/create-db.ts';
import { prepared } from '../db/prepared.ts';
import { inTransaction, type Trx } from '../db/group-commit.ts';
import { errorBody, jsonError } from '../lib/http.ts';
import { successBody, type EnvelopeBody, type EnvelopeSchema, type Payload } from '../lib/answer.ts';
import { crossSiteReason } from '../security/csrf.ts';

export type { Trx };

/** What a mutating handler decides: the HTTP status and the JSON body (DESIGN §6 envelope). */
export interface Outcome {
  status: ContentfulStatusCode;
  body: EnvelopeBody;
}

const KEY_PATTERN = /^[A-Za-z0-9:_.-]{1,200}$/;
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 3_600_000;

/** Thrown inside the transaction to roll back a refused mutation while still answering its 4xx. */
class Refusal extends Error {
  readonly outcome: Outcome;
  constructor(outcome: Outcome) {
    super('refused');
    this.outcome = outcome;
  }
}

/** A success, its body held by the type-checker to the contract schema the client parses it with. */
export function ok<S extends EnvelopeSchema>(schema: S, payload: NoInfer<Payload<S>>, status: ContentfulStatusCode = 200): Outcome {
  return { status, body: successBody(schema, payload) };
}

/** A refusal in the one error envelope (contract/schemas/errors.ts). */
export function refuse(status: ContentfulStatusCode, message: string, details: ErrorDetails = {}): Outcome {
  return { status, body: errorBody(message, details) };
}

export interface IdempotentOptions {
  /**
   * Work that must not run inside the transaction (password hashing: server/db/transaction.ts) and must not run for
   * a replay: it runs first, outside any transaction, and a refusal it returns is the answer (nothing is stored).
   */
  prepare?: () => Promise<Outcome | null>;
}

/** Schedules work for after the effect's commit. */
export type After = (task: () => Promise<void>) => void;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON bodies are compared by content, so the same entry sent alone or inside a batch has the same fingerprint. */
function canonicalBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * What a key is bound to: the method, the path and query as the URL parser normalises them, and a hash of the body.
 * A key sent again with another request must not answer with the first request's stored response.
 */
async function requestFingerprint(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const body = method === 'GET' ? '' : await c.req.text().catch(() => '');
  return `${method} ${url.pathname}${url.search} sha256:${sha256(canonicalBody(body))}`;
}

interface StoredRow {
  status: number;
  body: string;
  fingerprint: string | null;
}

// Every mutation with a key runs both, so they are built once (server/db/prepared.ts).
const selectStored = prepared<{ userId: string; key: string }, StoredRow>((db, param) =>
  db.selectFrom('idempotency').select(['status', 'body', 'fingerprint']).where('user_id', '=', param('userId')).where('key', '=', param('key')),
);

const insertStored = prepared<{ userId: string; key: string; status: number; body: string; createdAt: string; fingerprint: string | null }, never>(
  (db, param) =>
    db.insertInto('idempotency').values({
      user_id: param('userId'),
      key: param('key'),
      status: param('status'),
      body: param('body'),
      created_at: param('createdAt'),
      fingerprint: param('fingerprint'),
    }),
);

/** A stored answer for this request, or a refusal when the key was first used for another request. */
function replayOf(stored: StoredRow, fingerprint: string): { outcome: Outcome; replayed: boolean } {
  // Keys stored before fingerprints existed (null) replay as they always did.
  if (stored.fingerprint !== null && stored.fingerprint !== fingerprint) {
    return { outcome: refuse(422, MSG.idempotencyKeyReused), replayed: false };
  }
  return { outcome: { status: stored.status as ContentfulStatusCode, body: JSON.parse(stored.body) }, replayed: true };
}

/**
 * Runs a mutation exactly once per (user, Idempotency-Key) (DESIGN §4). The effect runs in one transaction with
 * the stored response; a replayed key returns the stored response and changes nothing. Only successes are stored:
 * a refusal (4xx) rolls back whatever the effect wrote, and a later retry with the same key is decided afresh on
 * current data, which is what an outbox entry the user edited after a refusal needs. Tasks given to `after` run
 * once the effect has committed, never on a replay. A key is bound to its request (requestFingerprint): sent again
 * with another method, path or body it is refused with 422 and changes nothing. On SQLite the mutations of one
 * moment share a transaction and its commit, each in its own savepoint (server/db/group-commit.ts).
 */
export async function idempotent(
  c: Context<AppEnv>,
  effect: (trx: Trx, after: After) => Promise<Outcome>,
  options: IdempotentOptions = {},
): Promise<Response> {
  // Every mutation comes through here: a route missing from the CSRF guard's list is still refused cross-site.
  if (crossSiteReason(c, true) !== null) return jsonError(c, 403, MSG.forbidden);
  const db = c.get('db');
  const userId = c.get('user').id;
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !KEY_PATTERN.test(key)) return jsonError(c, 400, MSG.invalidRequest);
  const fingerprint = key ? await requestFingerprint(c) : null;

  if (options.prepare) {
    // A replay answers what was stored without preparing anything (a password changed under this key is no longer
    // the current one); the transaction below looks again, so a replay that lands meanwhile still wins.
    const stored = key && fingerprint ? await storedRow(c, userId, key) : undefined;
    if (stored && fingerprint) {
      const { outcome, replayed } = replayOf(stored, fingerprint);
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(outcome.body, outcome.status);
    }
    const refusal = await options.prepare();
    if (refusal) return c.json(refusal.body, refusal.status);
  }

  // Work that must wait for the commit (live signals, pushes) and must not run again on a replay.
  const afterCommit: (() => Promise<void>)[] = [];
  const after: After = (task) => afterCommit.push(task);

  const run = async (): Promise<{ outcome: Outcome; replayed: boolean }> =>
    inTransaction(db, async (trx) => {
      if (key && fingerprint) {
        const [stored] = (await selectStored(trx, { userId, key })).rows;
        if (stored) return replayOf(stored, fingerprint);
      }
      const outcome = await effect(trx, after);
      if (outcome.status >= 400) throw new Refusal(outcome);
      if (key) {
        await insertStored(trx, {
          userId,
          key,
          status: outcome.status,
          body: JSON.stringify(outcome.body),
          createdAt: new Date().toISOString(),
          fingerprint,
        });
      }
      return { outcome, replayed: false };
    });

  let result: { outcome: Outcome; replayed: boolean };
  try {
    result = await run();
  } catch (error) {
    if (error instanceof Refusal) return c.json(error.outcome.body, error.outcome.status);
    // Two requests with one key at once: the loser's insert hits the primary key; answer with the winner's.
    const winner = key && fingerprint ? await storedRow(c, userId, key) : null;
    if (!winner || !fingerprint) throw error;
    result = replayOf(winner, fingerprint);
  }
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  else if (result.outcome.status < 400) {
    for (const task of afterCommit) {
      task().catch((error: unknown) => console.error('[after-commit]', error));
    }
  }
  return c.json(result.outcome.body, result.outcome.status);
}

async function storedRow(c: Context<AppEnv>, userId: string, key: string): Promise<StoredRow | undefined> {
  return (await selectStored(c.get('db'), { userId, key })).rows[0];
}

/** Keys are kept at least 7 days (DESIGN §4); older ones are swept. */
export async function sweepIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('idempotency').where('created_at', '<', new Date(now - IDEMPOTENCY_TTL_MS).toISOString()).execute();
}
