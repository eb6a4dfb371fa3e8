import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src/db/outbox-types.ts';
import { refusedChangeOf } from '../../../src/state/outbox.ts';

// A refused change as its screen shows it, read from the server's answer without the schemas' validator (the state
// layer is on the start-up path): a subscription refusal names its message, a slip refusal with selections reviews them.

const entry = (rejection: unknown): OutboxEntry => ({
  mutationId: 7,
  clientId: 'c',
  userId: 'u1',
  kind: 'slip.create',
  method: 'POST',
  path: '/api/client/apostador/fichas/criarFicha',
  body: { ficha: [{ event_id: 'e1', event_selection: { type: 'ft_result', choice: 'home', odds: 2 } }] },
  state: 'rejected',
  attempts: 1,
  nextAttemptAt: 0,
  error: 'As odds mudaram, verifique a sua ficha',
  rejection,
  createdAt: 0,
  ref: null,
});

const selection = { event_id: 'e1', event_status: 'NS', event_selection: { type: 'ft_result', choice: 'home', odds: 2.4 } };
const selections = [selection] as unknown as Parameters<typeof refusedChangeOf>[1];

describe('refusedChangeOf', () => {
  it('reviews a slip refusal that carries the current selections', () => {
    const change = refusedChangeOf(entry({ status: 'error', message: 'As odds mudaram, verifique a sua ficha', ficha: [selection] }), selections);
    expect(change.subscription).toBeNull();
    expect(change.review).toEqual([{ selection, sentOdds: 2, moved: true, started: false }]);
    expect(change.message).toBe('As odds mudaram, verifique a sua ficha');
  });

  it('names a subscription refusal by its message, with nothing to review', () => {
    const change = refusedChangeOf(entry({ status: 'error', tipo: 'licenca', message: 'Subscrição expirada' }), selections);
    expect(change.subscription).toBe('Subscrição expirada');
    expect(change.review).toBeNull();
  });

  it('reads nothing from an answer that is not a refusal', () => {
    for (const rejection of [null, 'x', { status: 'success', message: 'ok', ficha: [] }, { status: 'error', tipo: 'licenca' }]) {
      const change = refusedChangeOf(entry(rejection), selections);
      expect(change.subscription).toBeNull();
      expect(change.review).toBeNull();
    }
  });
});
