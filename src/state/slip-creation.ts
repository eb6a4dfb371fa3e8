import { atom } from 'jotai';
import { liveQuery } from 'dexie';
import { db } from '../db/instance.ts';
import { createSlipAtom } from './slip-builder.ts';
import { isSubscriptionRefusal } from './outbox.ts';

// Bater Ficha from the screen's side (SPEC §4 Slip creation): the slip is queued by createSlipAtom; online the screen
// waits for the server's acknowledgement (to open /dashboard/fichas/{id}) or its refusal.

export type CreationOutcome =
  | { kind: 'created'; id: string }
  | { kind: 'rejected'; localId: string; message: string; subscription: boolean }
  /** Saved on this phone and not acknowledged yet (offline, or the server is slow): it will be sent. */
  | { kind: 'queued'; localId: string }
  | { kind: 'invalid'; message: string };

/** Whether a slip is being created: the button is disabled and says 'A bater a ficha...'. */
export const slipSavingAtom = atom(false);

/** Follows a queued slip until the server acknowledged it (server id), refused it, or the time is up. */
export function waitForSlipOutcome(mutationId: number, timeoutMs: number): Promise<CreationOutcome> {
  const localId = `local:${mutationId}`;
  return new Promise((resolve) => {
    let done = false;
    let unsubscribe = () => {};
    const finish = (outcome: CreationOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ kind: 'queued', localId }), timeoutMs);
    const subscription = liveQuery(async () => ({
      row: (await db.slips.get(localId)) ?? (await db.slips.filter((slip) => slip.localId === localId).first()),
      entry: await db.outbox.get(mutationId),
    })).subscribe({
      next: ({ row, entry }) => {
        if (row && !row.id.startsWith('local:')) finish({ kind: 'created', id: row.id });
        else if (entry?.state === 'rejected') {
          finish({ kind: 'rejected', localId, message: entry.error ?? '', subscription: isSubscriptionRefusal(entry.rejection) });
        }
      },
      error: () => finish({ kind: 'queued', localId }),
    });
    unsubscribe = () => subscription.unsubscribe();
    if (done) unsubscribe();
  });
}

/** Bater Ficha: checks the rules, queues the slip (the builder empties) and, online, waits for the server. */
export const baterFichaAtom = atom(null, async (get, set, input: { oddsChange: boolean; online: boolean }): Promise<CreationOutcome> => {
  if (get(slipSavingAtom)) return { kind: 'invalid', message: '' };
  set(slipSavingAtom, true);
  try {
    const result = await set(createSlipAtom, { oddsChange: input.oddsChange });
    if (!result.ok) return { kind: 'invalid', message: result.message };
    if (!input.online) return { kind: 'queued', localId: `local:${result.mutationId}` };
    return await waitForSlipOutcome(result.mutationId, 30_000);
  } finally {
    set(slipSavingAtom, false);
  }
});
