import type { AppDb } from '../../db/app-db.ts';
import { ALL_TABLES, writeTransaction, type StoreTables } from '../../db/store-transaction.ts';
import type { OutboxEntry, OutboxMethod, OutboxRef } from '../../db/outbox-types.ts';
import { clientIdOf, takeMutationId } from './identity.ts';

export interface MutationInput {
  userId: string;
  kind: string;
  method: OutboxMethod;
  path: string;
  body: unknown;
  ref?: OutboxRef | null;
  /**
   * The optimistic change, written in the same transaction as the entry through the tables it is handed
   * (db/store-transaction.ts); it gets the entry's mutation id.
   */
  optimistic?: (mutationId: number, tx: StoreTables) => Promise<void>;
}

/**
 * Saves a mutation on this phone: the optimistic row and the outbox entry commit together (DESIGN §3), so after
 * this resolves the UI may say "saved on this phone". Returns the entry's mutation id.
 */
export async function enqueueMutation(db: AppDb, input: MutationInput): Promise<number> {
  return writeTransaction(db, ALL_TABLES, async (tx) => {
    const clientId = await clientIdOf(tx);
    const mutationId = await takeMutationId(tx);
    await input.optimistic?.(mutationId, tx);
    const entry: OutboxEntry = {
      mutationId,
      clientId,
      userId: input.userId,
      kind: input.kind,
      method: input.method,
      path: input.path,
      body: input.body ?? null,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
      rejection: null,
      createdAt: Date.now(),
      ref: input.ref ?? null,
    };
    await tx.outbox.add(entry);
    return mutationId;
  });
}
