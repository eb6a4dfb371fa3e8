import type { SessionUser } from '../contract/schemas/auth.ts';
import type { Config } from './config.ts';
import type { Db } from './db/create-db.ts';
import type { Signals } from './signals/signals.ts';

/**
 * Hono's Env of this app (`Hono<AppEnv>`, `Context<AppEnv>`): what every request can reach through its context, set
 * by server/app.ts and the middleware. Not the process's environment variables, which server/config.ts reads.
 */
export interface AppEnv {
  Variables: {
    config: Config;
    db: Db;
    /** Live signals and pushes to users (server/signals). */
    signals: Signals;
    /** Set by requireSession. */
    user: SessionUser;
    /** Set by a handler that checked the user's current password, for the failed-sign-in limit (rate-limit-middleware). */
    passwordCheck?: 'right' | 'wrong';
  };
}
