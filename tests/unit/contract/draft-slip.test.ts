import { describe, expect, it } from 'vitest';
import { addSelection, clearDraft, copySelections, EMPTY_DRAFT, readDraft, removeSelection, setStake, type DraftSelection } from '../../../contract/draft-slip.ts';

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
