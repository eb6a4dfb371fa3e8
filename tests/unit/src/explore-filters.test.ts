import { describe, expect, it } from 'vitest';
import { parseDateOption, parseExploreFilters, probabilityBand } from '../../../src/lib/explore-filters.ts';

const today = '2026-11-21';
const parse = (url: string, stored: Record<string, string> = {}, privileged = false) =>
  parseExploreFilters({ url: new URLSearchParams(url), stored }, { today, privileged });

describe('explore filters (SPEC §5)', () => {
  it('uses the defaults with nothing given', () => {
    expect(parse('')).toEqual({
      fichaCategoria: 'novasfichas',
      pageComponent: 'fichas',
      searchByComponent: 'probabilityBets',
      trendsComponent: 'homeWin',
      valueBetsComponent: 'homeWin',
      probabilityBetsComponent: 'ft_result',
      dateComponent: today,
      competitionComponent: null,
    });
  });

  it('takes valid values from the URL before stored ones', () => {
    const filters = parse('pageComponent=apostas&searchByComponent=trends&trendsComponent=over25', { pageComponent: 'comunidade', valueBetsComponent: 'o85Corners' });
    expect(filters).toMatchObject({ pageComponent: 'apostas', searchByComponent: 'trends', trendsComponent: 'over25', valueBetsComponent: 'o85Corners' });
  });

  it('falls back to the default for invalid given or stored values', () => {
    expect(parse('pageComponent=hack&probabilityBetsComponent=o99_goals&dateComponent=2026-02-30', { searchByComponent: '<script>' })).toMatchObject({
      pageComponent: 'fichas',
      probabilityBetsComponent: 'ft_result',
      dateComponent: today,
      searchByComponent: 'probabilityBets',
    });
  });

  it("offers 'tudo' only to the privileged accounts, as their default", () => {
    expect(parse('fichaCategoria=tudo').fichaCategoria).toBe('novasfichas');
    expect(parse('fichaCategoria=tudo', {}, true).fichaCategoria).toBe('tudo');
    expect(parse('', {}, true).fichaCategoria).toBe('tudo');
    expect(parse('fichaCategoria=fire').fichaCategoria).toBe('fire');
  });

  it('keeps the date option to hoje, 3_dias or semanal (default semanal)', () => {
    expect(parseDateOption('3_dias')).toBe('3_dias');
    expect(parseDateOption('mensal')).toBe('semanal');
    expect(parseDateOption(null)).toBe('semanal');
  });

  it('bands probabilities: over 70 high, over 40 medium, over 20 low, else mediocre', () => {
    expect([71, 70, 41, 40, 21, 20, 0].map(probabilityBand)).toEqual(['high', 'medium', 'medium', 'low', 'low', 'mediocre', 'mediocre']);
  });
});
