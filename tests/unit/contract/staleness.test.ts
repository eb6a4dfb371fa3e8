import { describe, expect, it } from 'vitest';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { checkLeg, checkSlip, copyPlan, EVENT_GONE_STATUS, NO_RESULT_AFTER_MS } from '../../../contract/staleness.ts';

// Worked examples of the stale-slip check, legs without a result included: a slip made at 10:00 on legs kicking off at
// 20:00, opened later.

const KICK_OFF = '2026-12-01T20:00:00.000Z';
const BEFORE = Date.parse('2026-12-01T12:00:00.000Z');
const DURING = Date.parse('2026-12-01T20:35:00.000Z');

function leg(patch: Partial<Selection> & { odds?: number; now?: Selection['event_selection_now'] | null } = {}): Selection {
  const { odds = 2, now = { open: true, odds: odds }, ...rest } = patch;
  const selection: Selection = {
    event_id: 'e1',
    event_scheduled: KICK_OFF,
    event_status: 'NS',
    bet_status: 'pending',
    hasWarning: false,
    event_tournament: { id: 't', name: 'Girabola' },
    event_competitors: [
      { id: 'h', name: 'Petro de Luanda', position: 1, identifier: 'home' },
      { id: 'a', name: '1º de Agosto', position: 2, identifier: 'away' },
    ],
    event_selection: { type: 'ft_result', choice: 'home', odds, oddsTrend: 'up', probability: 50, probabilityTrend: 'up' },
    event_score: { home: null, away: null, elapsed: null },
    ...rest,
  };
  if (now !== null) selection.event_selection_now = now;
  return selection;
}

describe('one leg', () => {
  it('open at the same price', () => {
    expect(checkLeg(leg({ odds: 1.85, now: { open: true, odds: 1.85 } }), BEFORE)).toEqual({ kind: 'open', then: 1.85, now: 1.85, verified: true });
  });

  it('price up from 2.00 to 2.20: +0.20, +10%', () => {
    expect(checkLeg(leg({ odds: 2, now: { open: true, odds: 2.2 } }), BEFORE)).toEqual({ kind: 'moved', then: 2, now: 2.2, change: 0.2, percent: 10, direction: 'up' });
  });

  it('price down from 1.85 to 1.70: −0.15, −8.1%', () => {
    expect(checkLeg(leg({ odds: 1.85, now: { open: true, odds: 1.7 } }), BEFORE)).toEqual({ kind: 'moved', then: 1.85, now: 1.7, change: -0.15, percent: -8.1, direction: 'down' });
  });

  it('prices equal to the cent are unchanged (floating point noise is no move)', () => {
    expect(checkLeg(leg({ odds: 0.1 + 0.2, now: { open: true, odds: 0.3 } }), BEFORE).kind).toBe('open');
  });

  it('an older copy without the market now is open at the price taken, not verified', () => {
    expect(checkLeg(leg({ odds: 3.1, now: null }), BEFORE)).toEqual({ kind: 'open', then: 3.1, now: 3.1, verified: false });
  });

  it('the choice no longer offered before kick-off: market closed', () => {
    expect(checkLeg(leg({ now: { open: false, odds: null } }), BEFORE)).toEqual({ kind: 'closed' });
    expect(checkLeg(leg({ now: { open: false, odds: 2.4 } }), BEFORE)).toEqual({ kind: 'closed' });
  });

  it('live at minute 34', () => {
    const live = leg({ event_status: 'LIVE', event_score: { home: 1, away: 0, elapsed: 34 }, now: { open: false, odds: 1.4 } });
    expect(checkLeg(live, DURING)).toEqual({ kind: 'started', minute: 34, status: 'LIVE' });
  });

  it('at half-time, and finished without its result yet', () => {
    expect(checkLeg(leg({ event_status: 'HT', event_score: { home: 0, away: 0, elapsed: 45 } }), DURING)).toEqual({ kind: 'started', minute: 45, status: 'HT' });
    expect(checkLeg(leg({ event_status: 'FT', event_score: { home: 2, away: 1, elapsed: 90 } }), DURING)).toEqual({ kind: 'started', minute: 90, status: 'FT' });
  });

  it('kick-off time passed while the feed still says NS: started, minute unknown', () => {
    expect(checkLeg(leg({ now: { open: true, odds: 2 } }), DURING)).toEqual({ kind: 'started', minute: null, status: 'NS' });
  });

  it('settled: won, lost (failed) and void, whatever the market', () => {
    expect(checkLeg(leg({ bet_status: 'won', event_status: 'FT' }), DURING)).toEqual({ kind: 'settled', result: 'won' });
    expect(checkLeg(leg({ bet_status: 'failed', event_status: 'FT' }), DURING)).toEqual({ kind: 'settled', result: 'lost' });
    expect(checkLeg(leg({ bet_status: 'void', event_status: 'ABD' }), DURING)).toEqual({ kind: 'settled', result: 'void' });
    // A result stays a result, even days later.
    expect(checkLeg(leg({ bet_status: 'won', event_status: 'FT' }), Date.parse(KICK_OFF) + 5 * NO_RESULT_AFTER_MS).kind).toBe('settled');
  });

  it('an abandoned or postponed match not yet settled: market closed', () => {
    expect(checkLeg(leg({ event_status: 'PST' }), BEFORE)).toEqual({ kind: 'closed' });
    expect(checkLeg(leg({ event_status: 'ABD', event_score: { home: 0, away: 0, elapsed: 60 } }), DURING)).toEqual({ kind: 'closed' });
  });

  it('an event gone from the feed: no result', () => {
    expect(checkLeg(leg({ event_status: EVENT_GONE_STATUS, now: { open: false, odds: null } }), BEFORE)).toEqual({ kind: 'no-result', reason: 'unknown-event' });
  });

  it('still pending a day after kick-off: no result (never a win or a loss)', () => {
    const stuck = leg({ event_status: 'FT', event_score: { home: 1, away: 1, elapsed: 90 } });
    expect(checkLeg(stuck, Date.parse(KICK_OFF) + NO_RESULT_AFTER_MS - 1).kind).toBe('started');
    expect(checkLeg(stuck, Date.parse(KICK_OFF) + NO_RESULT_AFTER_MS)).toEqual({ kind: 'no-result', reason: 'overdue' });
  });

  it('a blocked leg before kick-off is closed', () => {
    expect(checkLeg(leg({ bet_status: 'blocked' }), BEFORE)).toEqual({ kind: 'closed' });
  });
});

describe('a whole slip', () => {
  // Four legs opened at 20:35: one moved up (kicks off tomorrow), one open unchanged, one live at 34', one won.
  const tomorrow = '2026-12-02T20:00:00.000Z';
  const slip = [
    leg({ event_id: 'moved', event_scheduled: tomorrow, odds: 2, now: { open: true, odds: 2.5 } }),
    leg({ event_id: 'same', event_scheduled: tomorrow, odds: 1.5, now: { open: true, odds: 1.5 } }),
    leg({ event_id: 'live', event_status: 'LIVE', event_score: { home: 0, away: 1, elapsed: 34 }, now: { open: false, odds: 4 } }),
    leg({ event_id: 'won', bet_status: 'won', event_status: 'FT', event_score: { home: 2, away: 0, elapsed: 90 } }),
    leg({ event_id: 'gone', event_status: EVENT_GONE_STATUS, now: { open: false, odds: null } }),
  ];

  it('counts each leg by what happened to it', () => {
    const check = checkSlip(slip, DURING);
    expect(check.counts).toEqual({ open: 1, moved: 1, started: 1, settled: 1, closed: 0, 'no-result': 1 });
    expect(check.changed).toBe(true);
    expect(check.legs.map((l) => l.selection.event_id)).toEqual(['moved', 'same', 'live', 'won', 'gone']);
  });

  it('nothing changed: every leg open at its price', () => {
    expect(checkSlip([slip[1] as Selection], DURING).changed).toBe(false);
  });

  it('the copy plan keeps the two open legs, the moved one at 2.50, and leaves three out by reason', () => {
    const plan = copyPlan(slip, DURING);
    expect(plan.copy.map((s) => [s.event_id, s.event_selection.odds])).toEqual([
      ['moved', 2.5],
      ['same', 1.5],
    ]);
    expect(plan.copy[0]?.event_selection.oddsTrend).toBe('up');
    expect(plan.leftOut).toEqual({ started: 1, settled: 1, closed: 0, 'no-result': 1 });
    // The slip itself is left as it was made.
    expect(slip[0]?.event_selection.odds).toBe(2);
  });

  it('a slip opened after every match: nothing to copy', () => {
    const late = Date.parse(tomorrow) + 2 * NO_RESULT_AFTER_MS;
    expect(copyPlan(slip, late)).toEqual({ copy: [], leftOut: { started: 0, settled: 1, closed: 0, 'no-result': 4 } });
  });
});
