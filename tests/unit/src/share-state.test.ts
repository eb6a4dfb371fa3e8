import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { db } from '../../../src/db/instance.ts';
import type { OutboxEntry } from '../../../src/db/outbox-types.ts';
import { copySharedSlipAtom, shareOutcome } from '../../../src/state/share.ts';
import { EMPTY_DRAFT, readDraft } from '../../../contract/draft-slip.ts';
import type { Selection } from '../../../contract/schemas/slips.ts';

// The share dialog's toasts wait for the outbox entry's end (state/share.ts shareOutcome), and the slip card's copy
// reports what the builder kept and left out.

function entry(mutationId: number, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    mutationId,
    clientId: 'c1',
    userId: 'u1',
    kind: 'share',
    method: 'GET',
    path: `/api/client/common/conversas/x/shareToChat?resourceType=ficha&resourceId=s${mutationId}`,
    body: null,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    rejection: null,
    createdAt: Date.now(),
    ref: null,
    ...patch,
  };
}

afterEach(async () => {
  await db.outbox.clear();
  await db.kv.delete('draftSlip');
});

describe('following a queued share', () => {
  it('ends as sent once the entry is acknowledged (gone)', async () => {
    await db.outbox.put(entry(1));
    const outcome = shareOutcome(1);
    await db.outbox.update(1, { state: 'sending' });
    await db.outbox.delete(1);
    await expect(outcome).resolves.toEqual({ kind: 'sent' });
  });

  it('ends as refused with the server message and its motivo', async () => {
    await db.outbox.put(entry(2));
    const outcome = shareOutcome(2);
    await db.outbox.update(2, {
      state: 'rejected',
      error: 'Erro ao partilhar',
      rejection: { status: 'error', message: 'Erro ao partilhar', motivo: 'Só os administradores podem enviar mensagens neste grupo' },
    });
    await expect(outcome).resolves.toEqual({ kind: 'refused', message: 'Erro ao partilhar', motivo: 'Só os administradores podem enviar mensagens neste grupo' });
  });

  it('a refusal without motivo keeps the message alone', async () => {
    await db.outbox.put(entry(3, { state: 'rejected', error: 'Erro ao partilhar', rejection: { status: 'error', message: 'Erro ao partilhar' } }));
    await expect(shareOutcome(3)).resolves.toEqual({ kind: 'refused', message: 'Erro ao partilhar', motivo: null });
  });
});

describe('copying a shared slip into the builder', () => {
  // Kick-off a week from now: the legs still pending are open.
  const selection = (event_id: string, bet_status: Selection['bet_status'], odds = 2): Selection => ({
    event_id,
    event_scheduled: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    event_status: 'NS',
    bet_status,
    hasWarning: false,
    event_tournament: { id: 't', name: 'Girabola' },
    event_competitors: [
      { id: 'h', name: 'Casa', position: 1, identifier: 'home' },
      { id: 'a', name: 'Fora', position: 2, identifier: 'away' },
    ],
    event_selection: { type: 'ft_result', choice: 'home', odds: 2, oddsTrend: 'up', probability: 50, probabilityTrend: 'up' },
    event_score: { home: null, away: null, elapsed: null },
    event_selection_now: { open: true, odds },
  });

  it('keeps open legs of new events at current odds and reports the rest by reason', async () => {
    await db.kv.put({ key: 'draftSlip', value: { ...EMPTY_DRAFT, selections: [{ ...selection('e1', 'pending'), id: 'd1' }] } });
    const store = createStore();
    const report = await store.set(copySharedSlipAtom, [selection('e1', 'pending'), selection('e2', 'pending', 2.5), selection('e3', 'won')]);
    expect(report).toEqual({ copied: 1, repriced: 1, started: 0, settled: 1, closed: 0, noResult: 0, alreadyIn: 1, full: 0 });
    const record = await db.kv.get('draftSlip');
    const draft = readDraft(record?.key === 'draftSlip' ? record.value : null);
    expect(draft.selections.map((s) => [s.event_id, s.event_selection.odds])).toEqual([
      ['e1', 2],
      ['e2', 2.5],
    ]);
    expect(draft.multiplicador).toBe(5);
  });
});
