import type { Context } from 'hono';
import type { Transaction } from 'kysely';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../../contract/messages.ts';
import type { AppEnv } from '../app-env.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/create-db.ts';

export type Trx = Transaction<Database>;

/** What a mutating handler decides: the HTTP status and the JSON body (DESIGN §6 envelope). */
export interface Outcome {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
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

export function ok(body: Record<string, unknown>, status: ContentfulStatusCode = 200): Outcome {
  return { status, body: { status: 'success', message: '', ...body } };
}

export function refuse(status: ContentfulStatusCode, message: string, extra: Record<string, unknown> = {}): Outcome {
  return { status, body: { status: 'error', message, ...extra } };
}

/**
 * Runs a mutation exactly once per (user, Idempotency-Key) (DESIGN §4). The effect runs in one transaction with
 * the stored response; a replayed key returns the stored response and changes nothing. Only successes are stored:
 * a refusal (4xx) rolls back whatever the effect wrote, and a later retry with the same key is decided afresh on
 * current data, which is what an outbox entry the user edited after a refusal needs. Tasks given to `after` run
 * once the effect has committed, never on a replay.
 */
export type After = (task: () => Promise<void>) => void;

export async function idempotent(
  c: Context<AppEnv>,
  effect: (trx: Trx, after: After) => Promise<Outcome>,
): Promise<Response> {
  const db = c.get('db');
  const userId = c.get('user').id;
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !KEY_PATTERN.test(key)) return c.json({ status: 'error', message: MSG.invalidRequest }, 400);

  // Work that must wait for the commit (live signals, pushes) and must not run again on a replay.
  const afterCommit: (() => Promise<void>)[] = [];
  const after: After = (task) => afterCommit.push(task);

  const run = async (): Promise<{ outcome: Outcome; replayed: boolean }> =>
    db.transaction().execute(async (trx) => {
      if (key) {
        const stored = await trx
          .selectFrom('idempotency')
          .select(['status', 'body'])
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .executeTakeFirst();
        if (stored) {
          return { outcome: { status: stored.status as ContentfulStatusCode, body: JSON.parse(stored.body) }, replayed: true };
        }
      }
      const outcome = await effect(trx, after);
      if (outcome.status >= 400) throw new Refusal(outcome);
      if (key) {
        await trx
          .insertInto('idempotency')
          .values({ user_id: userId, key, status: outcome.status, body: JSON.stringify(outcome.body), created_at: new Date().toISOString() })
          .execute();
      }
      return { outcome, replayed: false };
    });

  let result: { outcome: Outcome; replayed: boolean };
  try {
    result = await run();
  } catch (error) {
    if (error instanceof Refusal) return c.json(error.outcome.body, error.outcome.status);
    // Two requests with one key at once: the loser's insert hits the primary key; answer with the winner's.
    const winner = key ? await storedResponse(c, userId, key) : null;
    if (!winner) throw error;
    result = { outcome: winner, replayed: true };
  }
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  else {
    for (const task of afterCommit) {
      task().catch((error: unknown) => console.error('[after-commit]', error));
    }
  }
  return c.json(result.outcome.body, result.outcome.status);
}

async function storedResponse(c: Context<AppEnv>, userId: string, key: string): Promise<Outcome | null> {
  const stored = await c
    .get('db')
    .selectFrom('idempotency')
    .select(['status', 'body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return stored ? { status: stored.status as ContentfulStatusCode, body: JSON.parse(stored.body) } : null;
}

/** Keys are kept at least 7 days (DESIGN §4); older ones are swept. */
export async function sweepIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('idempotency').where('created_at', '<', new Date(now - IDEMPOTENCY_TTL_MS).toISOString()).execute();
}
