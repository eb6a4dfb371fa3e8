import { describe, expect, it } from 'vitest';
import { MARKET_GROUPS, groupMarkets, isOffered } from '../../../src/components/events/market-groups.ts';
import { MARKET_TYPES } from '../../../contract/schemas/events.ts';

const market = (type: string, ...odds: number[]) => ({ type, choices: odds.map((price, index) => ({ choice: `c${index}`, odds: price })) });

describe('the event page groups its markets', () => {
  it('puts every market type of the contract in exactly one group', () => {
    const listed = MARKET_GROUPS.flatMap((group) => group.types);
    expect([...listed].sort()).toEqual([...MARKET_TYPES].sort());
  });

  it('keeps the groups in order, the main ones open, and leaves out the groups with nothing to offer', () => {
    const groups = groupMarkets([market('corners', 1.9, 1.9), market('goals', 1.8, 2.0), market('ft_result', 2.1, 3.2, 3.5)]);
    expect(groups.map((group) => [group.id, group.open, group.markets.map((m) => m.type)])).toEqual([
      ['main', true, ['ft_result']],
      ['goals', true, ['goals']],
      ['corners', false, ['corners']],
    ]);
  });

  it('does not offer odds of 1.01 or less, or above 100, and drops a market left with none', () => {
    expect([1, 1.01, 1.02, 100, 100.5, 250].map(isOffered)).toEqual([false, false, true, true, false, false]);
    const [main] = groupMarkets([market('ft_result', 1.01, 12, 150), market('btts', 1.01, 101)]);
    expect(main?.markets.map((m) => [m.type, m.offered.map((choice) => choice.odds)])).toEqual([['ft_result', [12]]]);
  });

  it('puts a market type it does not know in the last group rather than hiding it', () => {
    const groups = groupMarkets([market('penalties', 2, 2)]);
    expect(groups.map((group) => group.id)).toEqual([MARKET_GROUPS.at(-1)?.id]);
  });
});
