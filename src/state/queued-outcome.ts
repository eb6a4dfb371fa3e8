import { liveQuery } from 'dexie';
import type { OutboxEntry } from '../db/outbox-types.ts';
import { db } from '../db/instance.ts';

/**
 * Follows a queued creation (a `local:{mutationId}` row) until `decide` says what came of it, reading `row` and the
 * outbox entry each time the store changes: the server's row, its refusal, or nothing yet. When `timeoutMs` passes
 * first, or the store cannot be read, the creation is still on its way: `queued`.
 */
export function followQueued<Row, Outcome>(input: {
  mutationId: number;
  timeoutMs: number;
  row: (localId: string) => Promise<Row | undefined>;
  decide: (row: Row | undefined, entry: OutboxEntry | undefined, localId: string) => Outcome | null;
  queued: (localId: string) => Outcome;
}): Promise<Outcome> {
  const localId = `local:${input.mutationId}`;
  return new Promise((resolve) => {
    let done = false;
    let unsubscribe = () => {};
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish(input.queued(localId)), input.timeoutMs);
    const subscription = liveQuery(async () => ({ row: await input.row(localId), entry: await db.outbox.get(input.mutationId) })).subscribe({
      next: ({ row, entry }) => {
        const outcome = input.decide(row, entry, localId);
        if (outcome) finish(outcome);
      },
      error: () => finish(input.queued(localId)),
    });
    unsubscribe = () => subscription.unsubscribe();
    if (done) unsubscribe();
  });
}
