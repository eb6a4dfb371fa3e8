import { describe, expect, it } from 'vitest';
import {
  DATE_OPTIONS,
  ExploreBetsQuerySchema,
  ExploreSlipsQuerySchema,
  FICHA_CATEGORIAS,
  PAGE_COMPONENTS,
  PROBABILITY_BETS,
  SEARCH_BY,
  TRENDS,
  VALUE_BETS,
} from '../../../contract/schemas/explore.ts';
import { angolaDay, angolaDayOf } from '../../../server/explore/angola-day.ts';
import { LIVE_MARKETS, PROBABILITY_BET_MARKETS, RESULT_MARKET, TREND_MARKETS, VALUE_BET_MARKETS } from '../../../server/explore/filter-markets.ts';
import { KICK_OFF, priceMarkets } from '../../../server/sports/markets.ts';
import * as app from '../../../src/lib/explore-filters.ts';

// The server may not import src/ (layer rules), so the allowed values live in contract/schemas/explore.ts; these
// tests hold the app's parser and the server to the same lists, and every value to a real market of the feed.

const book = new Set(priceMarkets({ lambdaHome: 1.5, lambdaAway: 1.1, cornersHome: 5.4, cornersAway: 4.5 }, KICK_OFF).map((c) => `${c.type}|${c.choice}`));

describe('Explore filter values (SPEC §5)', () => {
  it('are the same lists in the contract and in the app parser', () => {
    expect([...FICHA_CATEGORIAS]).toEqual([...app.FICHA_CATEGORIAS]);
    expect([...PAGE_COMPONENTS]).toEqual([...app.PAGE_COMPONENTS]);
    expect([...SEARCH_BY]).toEqual([...app.SEARCH_BY]);
    expect([...TRENDS]).toEqual([...app.TRENDS]);
    expect([...VALUE_BETS]).toEqual([...app.VALUE_BETS]);
    expect([...PROBABILITY_BETS]).toEqual([...app.PROBABILITY_BETS]);
    expect([...DATE_OPTIONS]).toEqual([...app.DATE_OPTIONS]);
  });

  it.each([
    ['probabilityBetsComponent', app.PROBABILITY_BETS, PROBABILITY_BET_MARKETS],
    ['valueBetsComponent', app.VALUE_BETS, VALUE_BET_MARKETS],
    ['trendsComponent', app.TRENDS, TREND_MARKETS],
  ] as const)('map every allowed %s onto priced choices of the feed', (_name, allowed, table) => {
    const mapped: Record<string, { type: string; choices: readonly string[] }> = table;
    expect(Object.keys(mapped).sort()).toEqual([...allowed].sort());
    for (const value of allowed) {
      const pick = mapped[value];
      expect(pick, value).toBeDefined();
      expect(pick?.choices.length, value).toBeGreaterThan(0);
      for (const choice of pick?.choices ?? []) expect(book.has(`${pick?.type}|${choice}`), `${value}: ${pick?.type} ${choice}`).toBe(true);
    }
  });

  it('maps the named examples of docs/api/betting.md', () => {
    expect(PROBABILITY_BET_MARKETS.o2_goals).toEqual({ type: 'goals', choices: ['over_2.5'] });
    expect(PROBABILITY_BET_MARKETS.home_o0_goals).toEqual({ type: 'home_goals', choices: ['over_0.5'] });
    expect(PROBABILITY_BET_MARKETS.o11_corners).toEqual({ type: 'corners', choices: ['over_11.5'] });
    expect(TREND_MARKETS.under9Corners).toEqual({ type: 'corners', choices: ['under_9.5'] });
    expect(TREND_MARKETS.homeWinHT).toEqual({ type: 'ht_result', choices: ['home'] });
    expect(VALUE_BET_MARKETS.u35).toEqual({ type: 'goals', choices: ['under_3.5'] });
    expect(VALUE_BET_MARKETS.o85Corners).toEqual({ type: 'corners', choices: ['over_8.5'] });
    for (const choice of RESULT_MARKET.choices) expect(book.has(`ft_result|${choice}`)).toBe(true);
    for (const type of LIVE_MARKETS) expect([...book].some((key) => key.startsWith(`${type}|`))).toBe(true);
  });

  it('are what the query schemas accept, and nothing else', () => {
    for (const value of app.SEARCH_BY) expect(ExploreBetsQuerySchema.safeParse({ searchByComponent: value }).success).toBe(true);
    for (const value of app.TRENDS) expect(ExploreBetsQuerySchema.safeParse({ trendsComponent: value }).success).toBe(true);
    for (const value of app.VALUE_BETS) expect(ExploreBetsQuerySchema.safeParse({ valueBetsComponent: value }).success).toBe(true);
    for (const value of app.PROBABILITY_BETS) expect(ExploreBetsQuerySchema.safeParse({ probabilityBetsComponent: value }).success).toBe(true);
    for (const value of app.DATE_OPTIONS) expect(ExploreBetsQuerySchema.safeParse({ dateOption: value }).success).toBe(true);
    for (const value of app.FICHA_CATEGORIAS) expect(ExploreSlipsQuerySchema.safeParse({ fichaCategoria: value }).success).toBe(true);
    expect(ExploreBetsQuerySchema.parse({})).toMatchObject({
      searchByComponent: 'probabilityBets',
      trendsComponent: 'homeWin',
      valueBetsComponent: 'homeWin',
      probabilityBetsComponent: 'ft_result',
      dateOption: 'semanal',
      pageNumber: 1,
      size: 50,
    });
    for (const bad of [
      { searchByComponent: 'best' },
      { trendsComponent: 'over45' },
      { valueBetsComponent: 'o45' },
      { probabilityBetsComponent: 'o5_goals' },
      { dateOption: 'mensal' },
      { dateComponent: '2025-02-30' },
      { dateComponent: '25-01-01' },
      { competitionComponent: 'a b' },
    ]) {
      expect(ExploreBetsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(ExploreSlipsQuerySchema.safeParse({ fichaCategoria: 'todas' }).success).toBe(false);
  });
});

describe('Angola days (UTC+1, as the app shows them)', () => {
  it('run from 23:00 UTC the day before to 23:00 UTC', () => {
    expect(angolaDay('2025-03-10')).toEqual({
      day: '2025-03-10',
      start: new Date('2025-03-09T23:00:00.000Z'),
      end: new Date('2025-03-10T23:00:00.000Z'),
    });
    expect(angolaDay('2025-02-30')).toBeNull();
    // 23:30 UTC is already the next day in Angola.
    expect(angolaDayOf(new Date('2025-03-10T23:30:00Z')).day).toBe('2025-03-11');
    expect(angolaDayOf(new Date('2025-03-10T22:30:00Z')).day).toBe('2025-03-10');
  });
});
