import { describe, expect, it } from 'vitest';
import { addImported, addSelection, clearDraft, copySelections, EMPTY_DRAFT, readDraft, removeSelection, setNote, setStake, type DraftSelection } from '../../../contract/draft-slip.ts';

function selection(eventId: string, odds: number, betStatus: DraftSelection['bet_status'] = 'pending'): DraftSelection {
  return {
    id: `sel-${eventId}`,
    event_id: eventId,
    event_scheduled: '2026-11-22T15:00:00.000Z',
    event_status: 'NS',
    bet_status: betStatus,
    hasWarning: false,
    event_tournament: { id: 'girabola', name: 'Girabola' },
    event_competitors: [],
    event_selection: { type: 'ft_result', choice: 'home', odds, oddsTrend: 'up', probability: 50, probabilityTrend: 'up' },
    event_score: { home: null, away: null, elapsed: null },
  };
}

describe('slip builder (SPEC §4 Bet slip)', () => {
  it('starts at stake 100, multiplier 1, return 100', () => {
    expect(EMPTY_DRAFT).toMatchObject({ valor: 100, multiplicador: 1, retorno: 100, selections: [] });
  });

  it('recomputes multiplier and return as selections come and go', () => {
    let draft = addSelection(EMPTY_DRAFT, selection('e1', 1.5));
    draft = addSelection(draft, selection('e2', 2.004));
    expect(draft.multiplicador).toBeCloseTo(3, 10);
    expect(draft.retorno).toBeCloseTo(300, 8);
    draft = removeSelection(draft, 'e1').draft;
    expect(draft.multiplicador).toBe(2);
    draft = setStake(draft, 250);
    expect(draft.retorno).toBe(500);
  });

  it('ignores an event already in the slip and anything past 50 selections', () => {
    let draft = addSelection(EMPTY_DRAFT, selection('e1', 1.5));
    expect(addSelection(draft, selection('e1', 3))).toBe(draft);
    for (let i = 2; i <= 60; i += 1) draft = addSelection(draft, selection(`e${i}`, 1.01));
    expect(draft.selections).toHaveLength(50);
  });

  it('removes only pending selections, and nothing when absent', () => {
    const draft = addSelection(addSelection(EMPTY_DRAFT, selection('e1', 1.5)), selection('e2', 2, 'won'));
    expect(removeSelection(draft, 'e2')).toMatchObject({ removed: false, reason: 'not-pending' });
    expect(removeSelection(draft, 'nope')).toMatchObject({ removed: false, reason: 'not-found', draft });
  });

  it('clears back to the defaults', () => {
    expect(clearDraft()).toEqual(EMPTY_DRAFT);
  });

  it('copies only pending selections whose events are not already there', () => {
    const draft = addSelection(EMPTY_DRAFT, selection('e1', 1.5));
    const copied = copySelections(draft, [selection('e1', 9), selection('e2', 2), selection('e3', 3, 'failed')]);
    expect(copied.selections.map((s) => s.event_id)).toEqual(['e1', 'e2']);
  });

  it('reads a damaged stored draft as an empty one', () => {
    expect(readDraft(null)).toEqual(EMPTY_DRAFT);
    expect(readDraft({ selections: 'x', valor: 100 })).toEqual(EMPTY_DRAFT);
    expect(readDraft({ selections: [{ nope: true }], valor: 200 }).selections).toEqual([]);
  });
});

describe('an imported tip into the slip (addImported)', () => {
  const many = (count: number, from = 0) => Array.from({ length: count }, (_, index) => selection(`e${from + index}`, 1.5));

  it('adds pending legs, leaves out one already in the slip, a started one and a repeat, and says why', () => {
    const draft = addSelection(EMPTY_DRAFT, selection('e1', 2));
    const outcome = addImported(draft, [selection('e1', 1.8), selection('e2', 1.5), selection('e3', 1.4, 'failed'), selection('e2', 1.9)], { official: false });
    expect(outcome.added.map((leg) => leg.event_id)).toEqual(['e2']);
    expect(outcome.leftOut.map((left) => [left.selection.event_id, left.reason])).toEqual([
      ['e1', 'in-slip'],
      ['e3', 'not-pending'],
      ['e2', 'in-slip'],
    ]);
    expect(outcome.draft.selections.map((leg) => leg.event_id)).toEqual(['e1', 'e2']);
    expect(outcome.draft.multiplicador).toBeCloseTo(3, 6);
  });

  it('stops at the 25 legs a slip may be sent with (50 for the official account)', () => {
    const draft = copySelections(EMPTY_DRAFT, many(20));
    const outcome = addImported(draft, many(8, 100), { official: false });
    expect(outcome.draft.selections).toHaveLength(25);
    expect(outcome.leftOut.map((left) => left.reason)).toEqual(['limit', 'limit', 'limit']);
    expect(addImported(draft, many(8, 100), { official: true }).draft.selections).toHaveLength(28);
  });

  it('keeps the booking code as the slip note once, only when a leg went in, and a stored note survives a reload', () => {
    const first = addImported(EMPTY_DRAFT, many(1), { official: false, nota: 'Código SportyBet ABC123' }).draft;
    expect(first.nota).toBe('Código SportyBet ABC123');
    expect(addImported(first, many(1, 5), { official: false, nota: 'Código SportyBet ABC123' }).draft.nota).toBe('Código SportyBet ABC123');
    expect(addImported(first, many(1, 6), { official: false, nota: 'Código Betway XY12Z' }).draft.nota).toBe('Código SportyBet ABC123 · Código Betway XY12Z');
    expect(addImported(EMPTY_DRAFT, [selection('x', 2, 'won')], { official: false, nota: 'Código 1' }).draft.nota).toBeUndefined();
    expect(readDraft(JSON.parse(JSON.stringify(first))).nota).toBe('Código SportyBet ABC123');
    expect(readDraft({ ...first, nota: 42 }).nota).toBeUndefined();
    expect(setNote(first, '  ').nota).toBeUndefined();
  });
});
