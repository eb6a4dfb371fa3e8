import type { SessionUser } from '../contract/schemas/auth.ts';
import type { Config } from './config.ts';
import type { Db } from './db/create-db.ts';
import type { Signals } from './signals/signals.ts';

/** What every request can reach through the Hono context. */
export interface AppEnv {
  Variables: {
    config: Config;
    db: Db;
    /** Live signals and pushes to users (server/signals). */
    signals: Signals;
    /** Set by requireSession. */
    user: SessionUser;
  };
}
