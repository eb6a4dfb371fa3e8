/**
 * An outbox entry (DESIGN §4): one mutation made on this phone, kept until the server acknowledges it. Its shape is
 * versioned with the store: an app update that changes it migrates the stored entries in that store version's upgrade
 * (db/app-db.ts), and tests/unit/src/db-migration.test.ts replays an entry written by the previous version.
 * States: pending (saved on this phone, waiting to be sent), sending (in flight), paused (the server said 401; waits
 * for the same user to sign in again), rejected (the server refused it with `error`; the user edits and retries, or
 * discards), answered (the service worker sent it while no page was open and kept the server's `answer`: the next
 * page folds that answer in as if it had sent the entry itself, without sending it again). An acknowledged entry is
 * deleted in the same transaction that applies the server's answer.
 */
export type OutboxState = 'pending' | 'sending' | 'paused' | 'rejected' | 'answered';

/** The server's answer to an entry the service worker sent (state 'answered'), as it came: status and JSON body. */
export interface OutboxAnswer {
  status: number;
  body: unknown;
}

export type OutboxMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface OutboxRef {
  table: string;
  id: string;
}

export interface OutboxEntry {
  /** Monotonic per client: the order of replay and, with clientId, the Idempotency-Key. */
  mutationId: number;
  clientId: string;
  /** The user who made it; it is never sent under anyone else. */
  userId: string;
  /** What it does, e.g. 'message.send'; picks the applier that folds the server's answer into the store. */
  kind: string;
  method: OutboxMethod;
  path: string;
  body: unknown;
  state: OutboxState;
  attempts: number;
  /** Not before this time (ms) while backing off. */
  nextAttemptAt: number;
  /** The server's message for a rejected entry, or the last transient failure. */
  error: string | null;
  /** A refused entry's server answer (e.g. a slip with updated odds), for the screen that resolves it. */
  rejection: unknown;
  createdAt: number;
  /** The local row this entry created or changed. */
  ref: OutboxRef | null;
  /** Set with state 'answered' only. */
  answer?: OutboxAnswer | null;
}
