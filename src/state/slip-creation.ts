import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { createSlipAtom } from './slip-builder.ts';
import { isSubscriptionRefusal } from './outbox.ts';
import { followQueued } from './queued-outcome.ts';

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
  return followQueued<{ id: string }, CreationOutcome>({
    mutationId,
    timeoutMs,
    row: async (localId) => (await db.slips.get(localId)) ?? (await db.slips.filter((slip) => slip.localId === localId).first()),
    decide: (row, entry, localId) => {
      if (row && !row.id.startsWith('local:')) return { kind: 'created', id: row.id };
      if (entry?.state === 'rejected') return { kind: 'rejected', localId, message: entry.error ?? '', subscription: isSubscriptionRefusal(entry.rejection) };
      return null;
    },
    queued: (localId) => ({ kind: 'queued', localId }),
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
