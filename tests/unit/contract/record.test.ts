import { describe, expect, it } from 'vitest';
import {
  computeRecord,
  countedMultiplier,
  inRecord,
  RECORD_MIN_SETTLED,
  recordReturn,
  recordSummary,
  type RecordSlip,
} from '../../../contract/record.ts';

// The verified record's rules with worked examples: every expected number is written out.

const NOW = new Date('2026-06-30T12:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 3_600_000).toISOString();

/** A slip published two hours before its first match, settled `days` ago. */
function slip(estado: RecordSlip['estado'], valor: number, multiplicador: number, days: number, extra: Partial<RecordSlip> = {}): RecordSlip {
  return {
    estado,
    valor,
    multiplicador,
    publishedAt: daysAgo(days, 4),
    firstKickOff: daysAgo(days, 2),
    settledAt: estado === 'pending' ? null : daysAgo(days),
    ...extra,
  };
}

describe('the record (contract/record.ts)', () => {
  it('drops void legs out of the multiplier and returns the stake times it', () => {
    // Legs 2.50 won, 1.90 void, 1.40 won: the void one counts 1, so 2.50 × 1.40 = 3.5.
    const m = countedMultiplier([
      { odds: 2.5, status: 'won' },
      { odds: 1.9, status: 'void' },
      { odds: 1.4, status: 'won' },
    ]);
    expect(m).toBe(3.5);
    expect(recordReturn({ estado: 'won', valor: 1000, multiplicador: m })).toBe(3500);
    expect(recordReturn({ estado: 'failed', valor: 1000, multiplicador: m })).toBe(0);
    // 1.85 × 1.85 = 3.4225: 300 Kz return 1026.75 Kz.
    expect(recordReturn({ estado: 'won', valor: 300, multiplicador: countedMultiplier([{ odds: 1.85, status: 'won' }, { odds: 1.85, status: 'won' }]) })).toBe(1026.75);
  });

  it('computes a worked record: all time and the last 30 days', () => {
    const slips: RecordSlip[] = [
      // A: 1000 Kz at 2.50 (one of its legs void, so 2.50), won 40 days ago: returns 2500.
      slip('won', 1000, countedMultiplier([{ odds: 2.5, status: 'won' }, { odds: 3.1, status: 'void' }]), 40),
      // B: 500 Kz at 3.00, lost 35 days ago: returns 0.
      slip('failed', 500, 3, 35),
      // C: 200 Kz at 1.80, won 20 days ago: returns 360.
      slip('won', 200, 1.8, 20),
      // D: 300 Kz, every leg void, 10 days ago: listed, never counted.
      slip('void', 300, 1, 10),
      // E: 400 Kz at 1.50, won 5 days ago: returns 600.
      slip('won', 400, 1.5, 5),
      // F: pending (a leg without a result for two days): never counts.
      slip('pending', 1000, 4, 2, { firstKickOff: daysAgo(3) }),
      // G: won at 10.00, but published 30 minutes after its first match kicked off: never counts, not listed.
      slip('won', 1000, 10, 1, { publishedAt: daysAgo(1, 1.5), firstKickOff: daysAgo(1, 2) }),
    ];
    const record = computeRecord(slips, NOW);
    // Counted: A, B, C, E. Stakes 1000 + 500 + 200 + 400 = 2100; returns 2500 + 0 + 360 + 600 = 3460.
    // ROI (3460 − 2100) / 2100 = 0.647619… → 0.6476. Win rate 3 / 4. Average odds (2.5 + 3 + 1.8 + 1.5) / 4 = 2.2.
    // Settle order A won, B lost, C won, E won: current streak 2, longest 2.
    expect(record.total).toEqual({
      liquidadas: 4,
      ganhas: 3,
      perdidas: 1,
      anuladas: 1,
      taxaAcerto: 0.75,
      roi: 0.6476,
      oddsMedia: 2.2,
      sequenciaActual: 2,
      sequenciaMaisLonga: 2,
    });
    // Last 30 days: C, D (void), E. Stakes 600, returns 960: ROI 0.6. Average odds (1.8 + 1.5) / 2 = 1.65.
    expect(record.ultimos30).toEqual({
      liquidadas: 2,
      ganhas: 2,
      perdidas: 0,
      anuladas: 1,
      taxaAcerto: 1,
      roi: 0.6,
      oddsMedia: 1.65,
      sequenciaActual: 2,
      sequenciaMaisLonga: 2,
    });
    // Running ROI: after A (2500 − 1000) / 1000 = 1.5; after B 1000 / 1500 = 0.6667; after C 1160 / 1700 = 0.6824;
    // after E 1360 / 2100 = 0.6476.
    expect(record.curva).toEqual([
      { em: daysAgo(40), roi: 1.5 },
      { em: daysAgo(35), roi: 0.6667 },
      { em: daysAgo(20), roi: 0.6824 },
      { em: daysAgo(5), roi: 0.6476 },
    ]);
    expect(record.suficiente).toBe(false);
    expect(record.calculadoEm).toBe(NOW.toISOString());
    expect(recordSummary(record)).toEqual({ liquidadas: 4, taxaAcerto: 0.75, roi: 0.6476, suficiente: false });
  });

  it('a user with only void slips: nothing counted, no ratios, no streak', () => {
    const record = computeRecord([slip('void', 500, 1, 3), slip('void', 100, 1, 2), slip('void', 250, 1, 40)], NOW);
    expect(record.total).toEqual({
      liquidadas: 0,
      ganhas: 0,
      perdidas: 0,
      anuladas: 3,
      taxaAcerto: null,
      roi: null,
      oddsMedia: null,
      sequenciaActual: 0,
      sequenciaMaisLonga: 0,
    });
    expect(record.ultimos30.anuladas).toBe(2);
    expect(record.curva).toEqual([]);
    expect(recordSummary(record)).toEqual({ liquidadas: 0, taxaAcerto: null, roi: null, suficiente: false });
  });

  it('a user with no slips at all', () => {
    const record = computeRecord([], NOW);
    expect(record.total.liquidadas).toBe(0);
    expect(record.total.roi).toBeNull();
    expect(record.suficiente).toBe(false);
  });

  it('never counts a slip published at or after the kick-off of any of its matches, nor one never published', () => {
    const kickOff = daysAgo(2);
    const before = slip('won', 100, 2, 1, { publishedAt: daysAgo(2, 0.01), firstKickOff: kickOff });
    const atKickOff = slip('won', 100, 2, 1, { publishedAt: kickOff, firstKickOff: kickOff });
    const after = slip('failed', 100, 2, 1, { publishedAt: daysAgo(1, 23), firstKickOff: kickOff });
    const draft = slip('won', 100, 2, 1, { publishedAt: null });
    expect([before, atKickOff, after, draft].map(inRecord)).toEqual([true, false, false, false]);
    // Only `before` counts: 100 Kz at 2.00 returns 200, ROI (200 − 100) / 100 = 1.
    const record = computeRecord([before, atKickOff, after, draft], NOW);
    expect(record.total).toMatchObject({ liquidadas: 1, ganhas: 1, perdidas: 0, anuladas: 0, roi: 1 });
  });

  it('ranks only from 20 settled slips: 19 is not enough, 20 is; void slips do not help', () => {
    const lost = (n: number) => Array.from({ length: n }, (_, i) => slip('failed', 100, 2, i + 1));
    expect(RECORD_MIN_SETTLED).toBe(20);
    const nineteen = computeRecord([...lost(19), slip('void', 100, 1, 50), slip('pending', 100, 2, 0)], NOW);
    expect(nineteen.total.liquidadas).toBe(19);
    expect(nineteen.suficiente).toBe(false);
    // 19 lost of 100 Kz: ROI (0 − 1900) / 1900 = −1.
    expect(nineteen.total.roi).toBe(-1);
    const twenty = computeRecord(lost(20), NOW);
    expect(twenty.total.liquidadas).toBe(20);
    expect(twenty.suficiente).toBe(true);
    expect(recordSummary(twenty)).toEqual({ liquidadas: 20, taxaAcerto: 0, roi: -1, suficiente: true });
  });

  it('counts streaks in the order the slips settled, whatever order they come in', () => {
    // Settled oldest first: W W W L W W (the list is given newest first).
    const order = ['won', 'won', 'won', 'failed', 'won', 'won'] as const;
    const slips = order.map((estado, i) => slip(estado, 100, 2, 60 - i)).reverse();
    const record = computeRecord(slips, NOW);
    expect(record.total.sequenciaActual).toBe(2);
    expect(record.total.sequenciaMaisLonga).toBe(3);
    // A void slip between two wins neither breaks nor extends the run: W, void, W is a run of 2.
    const withVoid = computeRecord([slip('won', 100, 2, 9), slip('void', 100, 1, 8), slip('won', 100, 2, 7)], NOW);
    expect(withVoid.total.sequenciaActual).toBe(2);
    // Ending on a loss: current 0.
    const lastLost = computeRecord([slip('won', 100, 2, 9), slip('won', 100, 2, 8), slip('failed', 100, 2, 7)], NOW);
    expect(lastLost.total).toMatchObject({ sequenciaActual: 0, sequenciaMaisLonga: 2 });
    // Two slips settled at the same instant follow their publish time.
    const tie = daysAgo(3);
    const tied = computeRecord(
      [
        slip('won', 100, 2, 3, { settledAt: tie, publishedAt: daysAgo(3, 5) }),
        slip('failed', 100, 2, 3, { settledAt: tie, publishedAt: daysAgo(3, 6) }),
      ],
      NOW,
    );
    expect(tied.total.sequenciaActual).toBe(1);
  });

  it('keeps the last 100 points of the running ROI', () => {
    // 130 slips of 100 Kz at 2.00, alternating won and lost from a win, oldest first.
    const slips = Array.from({ length: 130 }, (_, i) => slip(i % 2 === 0 ? 'won' : 'failed', 100, 2, 200 - i));
    const record = computeRecord(slips, NOW);
    expect(record.curva).toHaveLength(100);
    // The first point kept is after the 31st slip (a win): 16 wins × 200 = 3200 returned on 3100 staked → 0.0323.
    expect(record.curva[0]).toEqual({ em: daysAgo(170), roi: 0.0323 });
    // The last, after 130 slips (65 won): 13000 on 13000 → 0.
    expect(record.curva.at(-1)).toEqual({ em: daysAgo(71), roi: 0 });
    expect(record.total.roi).toBe(0);
  });
});
