import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { db } from '../../../src/db/instance.ts';
import { addToSlipAtom, createSlipAtom, draftSlipAtom, setStakeAtom } from '../../../src/state/slip-builder.ts';
import { sessionUserAtom } from '../../../src/state/session.ts';
import type { DraftSelection } from '../../../contract/draft-slip.ts';
import { storeSignedIn } from './helpers/signed-in.ts';
import { outboxRunner } from '../../../src/sync/outbox/app-outbox.ts';

// Bater Ficha sends the stake on screen (SPEC §4 Slip creation). The screen writes the stake being typed just before
// (StakeInput's flush), and the builder's atom follows the store a moment late: the slip must be made from what the
// store holds, not from what the atom last read.

beforeAll(async () => {
  vi.stubGlobal('localStorage', { setItem: () => {}, getItem: () => null });
  // Nothing here reaches a server: the slip waits in the outbox.
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('navigator', { onLine: false });
  await db.open();
  await storeSignedIn(db, { id: 'u1', nomeUsuario: 'ana' });
});
afterAll(async () => {
  // The replayer poked by the enqueue tries its (failing) send first: the store closes once it has, and no backoff
  // timer of it is left to fire.
  const runner = outboxRunner(db);
  await runner.poke();
  runner.stop();
  vi.unstubAllGlobals();
  db.close();
});

describe('Bater Ficha right after the stake is typed', () => {
  it('queues the slip with the stake just written, even before the builder has read it back', async () => {
    const store = createStore();
    const unsubscribe = [store.sub(draftSlipAtom, () => {}), store.sub(sessionUserAtom, () => {})];
    const pick = { event_id: 'e1', event_selection: { type: 'ft_result', choice: 'home', odds: 1.5 } } as unknown as Omit<DraftSelection, 'id'>;
    await store.set(addToSlipAtom, pick);
    await store.set(setStakeAtom, 50);
    await vi.waitFor(() => {
      expect(store.get(sessionUserAtom)?.id).toBe('u1');
      expect(store.get(draftSlipAtom)).toMatchObject({ valor: 50, selections: [expect.objectContaining({ event_id: 'e1' })] });
    });

    // The stake typed last, then Bater Ficha at once, as the screen does.
    await store.set(setStakeAtom, 250);
    const result = await store.set(createSlipAtom, { oddsChange: false });

    expect(result.ok).toBe(true);
    const queued = result.ok ? await db.outbox.get(result.mutationId) : undefined;
    expect(queued?.body).toMatchObject({ valor: 250, ficha: [expect.objectContaining({ event_id: 'e1' })] });
    for (const stop of unsubscribe) stop();
  });
});
