import { describe, expect, it } from 'vitest';
import {
  exploreRequest,
  fichaCategoriesFor,
  hasExploreParams,
  parseDateOption,
  parseExploreFilters,
  probabilityBand,
  storableFilters,
  subFilterOf,
  usesDateOption,
} from '../../../src/lib/explore-filters.ts';

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

describe('explore requests and storage', () => {
  const filters = (url: string, privileged = false) => parse(url, {}, privileged);

  it('asks only for what the mode reads, so equivalent searches share a stored result', () => {
    const trends = exploreRequest(filters('pageComponent=apostas&searchByComponent=trends&trendsComponent=over25&valueBetsComponent=o15'), 'hoje');
    expect(trends).toEqual({
      kind: 'apostas',
      key: 'explore:apostas:searchByComponent=trends&trendsComponent=over25&dateOption=hoje',
      params: { searchByComponent: 'trends', trendsComponent: 'over25', dateOption: 'hoje' },
    });
    const otherValueBet = exploreRequest(filters('pageComponent=apostas&searchByComponent=trends&trendsComponent=over25&valueBetsComponent=u35'), 'hoje');
    expect(otherValueBet.key).toBe(trends.key);
  });

  it('sends the day for a date search and the competition when one is chosen, not the date option', () => {
    const request = exploreRequest(filters('pageComponent=apostas&searchByComponent=date&dateComponent=2026-11-23&competitionComponent=girabola'), 'semanal');
    expect(request.params).toEqual({ searchByComponent: 'date', dateComponent: '2026-11-23', competitionComponent: 'girabola' });
    expect(exploreRequest(filters('pageComponent=apostas&searchByComponent=live'), 'hoje').params).toEqual({ searchByComponent: 'live' });
  });

  it('names slip categories and the community apart', () => {
    expect(exploreRequest(filters('fichaCategoria=fire'), 'semanal')).toMatchObject({ kind: 'fichas', key: 'explore:fichas:fire', params: { fichaCategoria: 'fire' } });
    expect(exploreRequest(filters('pageComponent=comunidade'), 'semanal')).toMatchObject({ kind: 'comunidade', key: 'explore:comunidade' });
  });

  it('keeps every parameter as a string for session storage, leaving out a cleared competition', () => {
    const stored = storableFilters(filters('pageComponent=apostas&searchByComponent=valueBets'));
    expect(stored).toEqual({
      fichaCategoria: 'novasfichas',
      pageComponent: 'apostas',
      searchByComponent: 'valueBets',
      trendsComponent: 'homeWin',
      valueBetsComponent: 'homeWin',
      probabilityBetsComponent: 'ft_result',
      dateComponent: today,
    });
    expect(parseExploreFilters({ url: new URLSearchParams(), stored }, { today, privileged: false })).toEqual(filters('pageComponent=apostas&searchByComponent=valueBets'));
  });

  it('tells a query string with Explore parameters from one without', () => {
    expect(hasExploreParams(new URLSearchParams('pageComponent=fichas'))).toBe(true);
    expect(hasExploreParams(new URLSearchParams('searchTag=x&utm=y'))).toBe(false);
  });

  it("lists 'tudo' among the categories only for the privileged accounts", () => {
    expect(fichaCategoriesFor(false)).not.toContain('tudo');
    expect(fichaCategoriesFor(true)).toContain('tudo');
    expect(subFilterOf(filters('pageComponent=apostas&searchByComponent=popular'))).toBeNull();
    expect(usesDateOption('live')).toBe(false);
    expect(usesDateOption('next')).toBe(true);
  });
});
