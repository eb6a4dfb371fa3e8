import { describe, expect, it } from 'vitest';
import type { EventDetail, MarketChoice } from '../../../contract/schemas/events.ts';
import { isSameChoice, selectionFromEvent } from '../../../src/lib/selection.ts';
import { reviewRefusal } from '../../../src/lib/slip-review.ts';
import { addSelection, EMPTY_DRAFT } from '../../../contract/draft-slip.ts';

const event: Omit<EventDetail, 'mercados' | 'estatisticas'> = {
  id: 'ev1',
  date: '2026-11-22T15:00:00.000Z',
  status: 'NS',
  competition_id: 'girabola',
  competition_name: 'Girabola',
  home_id: 'h',
  home_name: 'Petro de Luanda',
  home_position: 1,
  away_id: 'a',
  away_name: '1.º de Agosto',
  away_position: 2,
  home_goals: null,
  away_goals: null,
  elapsed: null,
  odds: { home: 1.85, draw: 3.2, away: 4.1 },
  odds_live: null,
  probability: { home: 50, draw: 28, away: 22 },
};
const home: MarketChoice = { type: 'ft_result', choice: 'home', odds: 1.85, probability: 51.2, oddsTrend: 'down', probabilityTrend: 'up' };

describe('a selection from the event page (SPEC §3 Selection)', () => {
  it('carries the event, both competitors and the choice, pending', () => {
    const selection = selectionFromEvent(event, home);
    expect(selection).toEqual({
      event_id: 'ev1',
      event_scheduled: '2026-11-22T15:00:00.000Z',
      event_status: 'NS',
      bet_status: 'pending',
      hasWarning: false,
      event_tournament: { id: 'girabola', name: 'Girabola' },
      event_competitors: [
        { id: 'h', name: 'Petro de Luanda', position: 1, identifier: 'home' },
        { id: 'a', name: '1.º de Agosto', position: 2, identifier: 'away' },
      ],
      event_selection: { type: 'ft_result', choice: 'home', odds: 1.85, oddsTrend: 'down', probability: 51.2, probabilityTrend: 'up' },
      event_score: { home: null, away: null, elapsed: null },
    });
    expect(isSameChoice(selection, 'ev1', home)).toBe(true);
    expect(isSameChoice(selection, 'ev1', { type: 'ft_result', choice: 'away' })).toBe(false);
  });

  it('goes into the slip once per event, the multiplier following the odds', () => {
    const first = addSelection(EMPTY_DRAFT, { ...selectionFromEvent(event, home), id: 'a' });
    const again = addSelection(first, { ...selectionFromEvent(event, { ...home, choice: 'away', odds: 4.1 }), id: 'b' });
    expect(again).toBe(first);
    expect(first.multiplicador).toBeCloseTo(1.85, 10);
    expect(first.retorno).toBeCloseTo(185, 10);
  });
});

describe('a refused slip (SPEC §8)', () => {
  it('marks moved odds with what was sent, and started matches', () => {
    const moved = { ...selectionFromEvent(event, { ...home, odds: 1.95 }), hasWarning: true };
    const started = { ...selectionFromEvent({ ...event, id: 'ev2', status: 'LIVE' }, home), hasWarning: true };
    const same = selectionFromEvent({ ...event, id: 'ev3' }, home);
    const sent = {
      ficha: [
        { event_id: 'ev1', event_selection: { type: 'ft_result', choice: 'home', odds: 1.85 } },
        { event_id: 'ev2', event_selection: { type: 'ft_result', choice: 'home', odds: 1.85 } },
        { event_id: 'ev3', event_selection: { type: 'ft_result', choice: 'home', odds: 1.85 } },
      ],
      valor: 100,
      oddsChange: false,
    };
    expect(reviewRefusal([moved, started, same], sent).map(({ sentOdds, moved: changed, started: begun }) => ({ sentOdds, changed, begun }))).toEqual([
      { sentOdds: 1.85, changed: true, begun: false },
      { sentOdds: null, changed: false, begun: true },
      { sentOdds: null, changed: false, begun: false },
    ]);
    expect(reviewRefusal([same], null)[0]?.moved).toBe(false);
  });
});
