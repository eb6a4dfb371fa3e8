import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../hono-env.ts';

// What ends with a user's sessions outside the database (docs/decisions.md, "Ended sessions and live channels"):
// their live realtime connections, and on hosted Beams the devices bound to them. The database side (the ended
// sessions, the push devices bound under them) is written by session-revocation.ts in the caller's transaction;
// this side must wait until that transaction has committed, or a client told to go could check its session, find
// it still live, and come straight back. So whatever ends sessions during a request (sign-out, a password change
// or reset, "sign out of every device", a batch entry doing one of those) only notes whose sessions ended, and the
// request's scope runs the effects once the handler has answered, which is after its commit.

export interface SessionEndEffects {
  /** Every connection and hosted push binding of the user ends; live sessions connect and bind again. */
  sessionsEnded(userId: string): Promise<void>;
}

const ended = new AsyncLocalStorage<Set<string>>();

/** Notes that sessions of the user ended in this request; its scope acts on it after the commit. */
export function noteSessionsEnded(userId: string): void {
  const store = ended.getStore();
  if (store) {
    store.add(userId);
    return;
  }
  // Outside a request nothing closes the connections; the database still refuses the sessions everywhere.
  console.warn('[session] sessions ended outside a request: their live connections stay open until they reconnect');
}

/**
 * Runs each request in a scope where ended sessions are noted; after the handler (and so its transaction) is done,
 * and only if it did not fail, the effects run for each user. They are awaited, so when sign-out or
 * "terminarSessoes" answers, the connections have been told to close; a failure is logged, never the answer.
 */
export function sessionEndScope(effects: SessionEndEffects): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const users = new Set<string>();
    await ended.run(users, next);
    if (users.size === 0 || c.res.status >= 400) return;
    await Promise.all(
      [...users].map((userId) =>
        effects.sessionsEnded(userId).catch((error: unknown) => console.error('[session] ending live connections failed', error)),
      ),
    );
  };
}
