import { describe, expect, it } from 'vitest';
import { DRAFT_SLIP_MAX } from '../../../contract/limits.ts';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { chatShareBlock, groupShareBlock, hiddenFromRecipients, leftOut, planCopy, slipShareBlock, type ShareableGroup } from '../../../src/lib/share-rules.ts';

const SELF = 'u-self';
const group = (patch: Partial<ShareableGroup> = {}): ShareableGroup => ({ id: 'g1', mustPay: false, allowedSenders: 'all', meuPapel: 'normal', ...patch });

describe('share mode: which slips can be shared', () => {
  it('shares any published slip and the own hidden one', () => {
    expect(slipShareBlock({ id: 's1', publicada: true, usuario: { id: 'other' } }, SELF)).toBeNull();
    expect(slipShareBlock({ id: 's1', publicada: true, usuario: { id: SELF } }, SELF)).toBeNull();
    expect(slipShareBlock({ id: 's1', publicada: false, usuario: { id: SELF } }, SELF)).toBeNull();
    expect(hiddenFromRecipients({ id: 's1', publicada: false, usuario: { id: SELF } }, SELF)).toBe(true);
    expect(hiddenFromRecipients({ id: 's1', publicada: true, usuario: { id: SELF } }, SELF)).toBe(false);
  });

  it("refuses someone else's hidden slip and a slip not yet on the server", () => {
    expect(slipShareBlock({ id: 's1', publicada: false, usuario: { id: 'other' } }, SELF)).toBe('hidden');
    expect(slipShareBlock({ id: 's1', publicada: false, usuario: { id: 'other' } }, null)).toBe('hidden');
    expect(slipShareBlock({ id: 'local:7', publicada: true, usuario: { id: SELF } }, SELF)).toBe('not-sent');
  });
});

describe('share mode: which chats can be chosen', () => {
  it('lets members share where they may post', () => {
    expect(groupShareBlock(group())).toBeNull();
    expect(groupShareBlock(group({ allowedSenders: 'admins', meuPapel: 'administrador' }))).toBeNull();
    expect(groupShareBlock(group({ allowedSenders: 'admins', meuPapel: 'criador' }))).toBeNull();
  });

  it('blocks a group to pay for, admins-only for an ordinary member, a non-member, and one not on the server', () => {
    expect(groupShareBlock(group({ mustPay: true, meuPapel: null }))).toBe('must-pay');
    expect(groupShareBlock(group({ mustPay: true, meuPapel: 'normal' }))).toBe('must-pay');
    expect(groupShareBlock(group({ allowedSenders: 'admins', meuPapel: 'normal' }))).toBe('admins-only');
    expect(groupShareBlock(group({ meuPapel: null }))).toBe('not-member');
    expect(groupShareBlock(group({ id: 'local:3', meuPapel: 'criador' }))).toBe('not-sent');
  });

  it('conversations and rooms are open unless not on the server yet', () => {
    expect(chatShareBlock({ id: 'c1' })).toBeNull();
    expect(chatShareBlock({ id: 'local:1' })).toBe('not-sent');
  });
});

describe('copying a shared slip (SPEC §4 copy rule with the stale-slip check)', () => {
  const NOW = Date.parse('2026-12-01T12:00:00.000Z');
  type Leg = Pick<Selection, 'event_id' | 'event_scheduled' | 'event_status' | 'bet_status' | 'event_selection' | 'event_score' | 'event_selection_now'>;
  const leg = (event_id: string, patch: Partial<Leg> = {}): Leg => ({
    event_id,
    event_scheduled: '2026-12-01T20:00:00.000Z',
    event_status: 'NS',
    bet_status: 'pending',
    event_selection: { type: 'ft_result', choice: 'home', odds: 2, oddsTrend: 'up', probability: 50, probabilityTrend: 'up' },
    event_score: { home: null, away: null, elapsed: null },
    event_selection_now: { open: true, odds: 2 },
    ...patch,
  });
  const none = { copied: 0, repriced: 0, started: 0, settled: 0, closed: 0, noResult: 0, alreadyIn: 0, full: 0 };

  it('copies open legs whose events are not in the builder, at current odds, and counts the rest by reason', () => {
    const { copy, report } = planCopy(
      [{ event_id: 'e1' }],
      [
        leg('e1'),
        leg('e2', { event_selection_now: { open: true, odds: 2.4 } }),
        leg('e3', { bet_status: 'won', event_status: 'FT' }),
        leg('e4', { event_status: 'LIVE', event_score: { home: 0, away: 0, elapsed: 12 } }),
        leg('e5', { event_selection_now: { open: false, odds: null } }),
        leg('e6', { event_status: 'SR' }),
        leg('e7'),
      ],
      NOW,
    );
    expect(copy.map((s) => [s.event_id, s.event_selection.odds])).toEqual([
      ['e2', 2.4],
      ['e7', 2],
    ]);
    expect(report).toEqual({ ...none, copied: 2, repriced: 1, started: 1, settled: 1, closed: 1, noResult: 1, alreadyIn: 1 });
    expect(leftOut(report)).toBe(5);
  });

  it('keeps one selection per event even within the copied slip', () => {
    expect(planCopy([], [leg('e1'), leg('e1')], NOW).report).toEqual({ ...none, copied: 1, alreadyIn: 1 });
  });

  it('stops at the builder limit', () => {
    const draft = Array.from({ length: DRAFT_SLIP_MAX - 1 }, (_, i) => ({ event_id: `d${i}` }));
    expect(planCopy(draft, [leg('x1'), leg('x2'), leg('x3', { bet_status: 'void' })], NOW).report).toEqual({ ...none, copied: 1, settled: 1, full: 1 });
  });

  it('copies nothing from a settled slip', () => {
    const { copy, report } = planCopy([], [leg('e1', { bet_status: 'won' }), leg('e2', { bet_status: 'void' })], NOW);
    expect(copy).toEqual([]);
    expect(report).toEqual({ ...none, settled: 2 });
  });
});
