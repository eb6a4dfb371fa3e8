import { describe, expect, it } from 'vitest';
import { MATCH_WINDOW_MS, matchTip, resolveCandidate } from '../../../contract/slip-import/match.ts';
import { parseTip } from '../../../contract/slip-import/parse.ts';
import type { ImportFixture, LegMatch, ParsedLeg, PriceOf } from '../../../contract/slip-import/types.ts';
import { CORPUS_FIXTURES, CORPUS_NOW, TIP_CORPUS, corpusPriceOf, crowdFixtures, judgeLeg } from '../../fixtures/tip-corpus.ts';

const match = (text: string, fixtures: readonly ImportFixture[] = CORPUS_FIXTURES, priceOf: PriceOf = corpusPriceOf, now = CORPUS_NOW) =>
  matchTip(parseTip(text), fixtures, priceOf, now);
const one = (text: string, fixtures?: readonly ImportFixture[], priceOf?: PriceOf, now?: number): LegMatch => {
  const [first] = match(text, fixtures, priceOf, now);
  if (!first) throw new Error(`no leg in ${text}`);
  return first;
};
const fixtureById = (id: string) => {
  const found = CORPUS_FIXTURES.find((item) => item.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('matchTip over the corpus', () => {
  const verdicts = TIP_CORPUS.flatMap((tip) => {
    const got = match(tip.text);
    return tip.legs.map((expected, index) => ({ tip, expected, got: got[index], verdict: got[index] ? judgeLeg(expected, got[index]) : 'unexpected' }));
  });

  for (const { tip, expected, got, verdict } of verdicts) {
    it(`${tip.name}: ${expected.result}`, () => {
      expect(got, tip.text).toBeDefined();
      expect(verdict, `${tip.text} → ${JSON.stringify(got && { state: got.state, ...(got.state === 'not-found' ? { reason: got.reason } : {}) })}`).toBe('correct');
    });
  }

  it('has at least 40 tips, and matches no leg wrongly', () => {
    expect(TIP_CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(verdicts.filter((item) => item.verdict === 'wrong')).toEqual([]);
  });

  it('matches at least 90 % of the well-formed legs', () => {
    const wellFormed = verdicts.filter((item) => item.expected.wellFormed);
    const matched = wellFormed.filter((item) => item.got?.state === 'matched' && item.verdict === 'correct');
    expect(wellFormed.length).toBeGreaterThanOrEqual(40);
    expect(matched.length / wellFormed.length).toBeGreaterThanOrEqual(0.9);
  });

  it('gives one result per leg, in the order of the tip', () => {
    const tip = parseTip('Inter x Milan GG\nLeicester x Brighton 1\nBenfica x Porto 1X');
    const got = matchTip(tip, CORPUS_FIXTURES, corpusPriceOf, CORPUS_NOW);
    expect(got.map((item) => item.leg)).toEqual(tip.legs);
    expect(got.map((item) => item.state)).toEqual(['matched', 'not-found', 'ambiguous']);
  });
});

describe('matchTip never guesses', () => {
  it('never matches the teams written the other way round', () => {
    for (const tip of TIP_CORPUS) {
      for (const leg of matchTip(parseTip(tip.text), CORPUS_FIXTURES, corpusPriceOf, CORPUS_NOW)) {
        if (leg.state !== 'matched') continue;
        const swapped: ParsedLeg = { ...leg.leg, home: leg.leg.away, away: leg.leg.home };
        const [again] = matchTip({ legs: [swapped], bookingCodes: [], stake: null, ignored: [] }, CORPUS_FIXTURES, corpusPriceOf, CORPUS_NOW);
        expect(again?.state, swapped.text).not.toBe('matched');
        if (again?.state === 'ambiguous') expect(again.candidates.find((item) => item.fixture.id === leg.fixture.id)?.swapped).toBe(true);
      }
    }
  });

  it('matches no pairing of two clubs from different fixtures', () => {
    const pairs = new Set(CORPUS_FIXTURES.map((item) => `${item.home_name}|${item.away_name}`));
    for (const home of CORPUS_FIXTURES) {
      for (const away of CORPUS_FIXTURES) {
        if (home === away || pairs.has(`${home.home_name}|${away.away_name}`)) continue;
        const got = one(`${home.home_name} x ${away.away_name} 1`);
        expect(got.state, `${home.home_name} x ${away.away_name}`).not.toBe('matched');
      }
    }
  });

  it('keeps a combined pick whole: not found, with the fixture', () => {
    expect(one('Bayern Munich Vs Koln 1 and over 1.5')).toMatchObject({ state: 'not-found', reason: 'combined', fixture: { id: 'b3' } });
    expect(one('Inter x Milan 1X & GG')).toMatchObject({ state: 'not-found', reason: 'combined', fixture: { id: 's1' } });
  });

  it('offers the swapped fixture as a candidate, and resolving it reads the pick by team', () => {
    const got = one('Arsenal x Man City 2');
    expect(got.state).toBe('ambiguous');
    if (got.state !== 'ambiguous') return;
    expect(got.candidates).toHaveLength(1);
    expect(got.candidates[0]).toMatchObject({ fixture: { id: 'p1' }, swapped: true, pick: { type: 'ft_result', choice: 'home' } });
    // "2" was Man City, written second; Man City are at home in the fixture.
    expect(resolveCandidate(got.leg, fixtureById('p1'), corpusPriceOf, CORPUS_NOW)).toMatchObject({ state: 'matched', pick: { type: 'ft_result', choice: 'home' } });
  });

  it('lists at most 5 candidates, best first', () => {
    const fixtures = Array.from({ length: 8 }, (_, index) => ({ ...fixtureById('p1'), id: `dup${index}`, date: new Date(CORPUS_NOW + (index + 1) * 3_600_000).toISOString() }));
    const got = one('Man City x Arsenal GG', fixtures);
    expect(got.state).toBe('ambiguous');
    if (got.state === 'ambiguous') {
      expect(got.candidates).toHaveLength(5);
      expect(got.candidates.map((item) => item.fixture.id)).toEqual(['dup0', 'dup1', 'dup2', 'dup3', 'dup4']);
    }
  });

  it('lets a competition or a kick-off written in the tip settle two fixtures of the same clubs', () => {
    expect(one('Benfica x Porto 1X').state).toBe('ambiguous');
    expect(one('Benfica x Porto (Taça) 1X')).toMatchObject({ state: 'matched', fixture: { id: 't4' } });
    expect(one('Benfica x Porto (Primeira Liga) 1X')).toMatchObject({ state: 'matched', fixture: { id: 't2' } });
    expect(one('Benfica x Porto Dom 21:30 1X')).toMatchObject({ state: 'matched', fixture: { id: 't2' } });
    expect(one('Benfica x Porto (Bundesliga) 1X').state).toBe('ambiguous');
  });
});

describe('matchTip: only pending fixtures of the next 7 days', () => {
  it('answers started for a match under way or over, with the fixture', () => {
    expect(one('Desportivo da Huíla x Progresso 1X')).toMatchObject({ state: 'not-found', reason: 'started', fixture: { id: 'g6' } });
    expect(one('Liverpool x Chelsea GG')).toMatchObject({ state: 'not-found', reason: 'started', fixture: { id: 'x1' } });
  });

  it('treats a kick-off at now, or a status other than NS, as started', () => {
    const atNow = { ...fixtureById('s1'), date: new Date(CORPUS_NOW).toISOString() };
    expect(one('Inter x Milan GG', [atNow])).toMatchObject({ state: 'not-found', reason: 'started' });
    const halfTime = { ...fixtureById('s1'), status: 'HT' };
    expect(one('Inter x Milan GG', [halfTime])).toMatchObject({ state: 'not-found', reason: 'started' });
  });

  it('does not see a fixture beyond the window', () => {
    expect(one('São Salvador x Petro 2')).toMatchObject({ state: 'not-found', reason: 'no-event', fixture: null });
    const edge = { ...fixtureById('s1'), date: new Date(CORPUS_NOW + MATCH_WINDOW_MS).toISOString() };
    expect(one('Inter x Milan GG', [edge]).state).toBe('matched');
    const beyond = { ...fixtureById('s1'), date: new Date(CORPUS_NOW + MATCH_WINDOW_MS + 60_000).toISOString() };
    expect(one('Inter x Milan GG', [beyond])).toMatchObject({ state: 'not-found', reason: 'no-event' });
  });

  it('prefers the clubs’ pending fixture to their finished one', () => {
    const played = { ...fixtureById('s1'), id: 'old', status: 'FT', date: new Date(CORPUS_NOW - 3 * 86_400_000).toISOString() };
    expect(one('Inter x Milan GG', [played, fixtureById('s1')])).toMatchObject({ state: 'matched', fixture: { id: 's1' } });
  });
});

describe('matchTip: the price', () => {
  it('answers no-prices when the phone has not got the markets, not-offered when the fixture does not offer the pick', () => {
    expect(one('Inter x Milan GG', CORPUS_FIXTURES, () => undefined)).toMatchObject({ state: 'not-found', reason: 'no-prices', fixture: { id: 's1' } });
    expect(one('Inter x Milan GG', CORPUS_FIXTURES, () => null)).toMatchObject({ state: 'not-found', reason: 'not-offered', fixture: { id: 's1' } });
    expect(one('Inter x Milan GG', CORPUS_FIXTURES, () => 1.72)).toMatchObject({ state: 'matched', odds: 1.72, pick: { type: 'btts', choice: 'yes' } });
  });

  it('asks for exactly the pick written, never another market', () => {
    const asked: string[] = [];
    one('Inter x Milan Over 0.5 HT', CORPUS_FIXTURES, (id, pick) => {
      asked.push(`${id} ${pick.type} ${pick.choice}`);
      return null;
    });
    expect(asked).toEqual(['s1 1h_goals over_0.5']);
  });

  it('says why when the pick cannot be read, with the fixture', () => {
    expect(one('Celta x Getafe Handicap -1')).toMatchObject({ state: 'not-found', reason: 'unknown-market', fixture: { id: 'l5' } });
    expect(one('Leeds x Burnley')).toMatchObject({ state: 'not-found', reason: 'missing-pick', fixture: { id: 'p8' } });
    expect(one('Jogo: Petro de Luanda\nPalpite: 1X')).toMatchObject({ state: 'not-found', reason: 'no-teams', fixture: null });
  });
});

describe('resolveCandidate', () => {
  it('matches the fixture the user chose at our price', () => {
    const got = one('Benfica x Porto 1X');
    expect(got.state).toBe('ambiguous');
    const chosen = resolveCandidate(got.leg, fixtureById('t2'), corpusPriceOf, CORPUS_NOW);
    expect(chosen).toMatchObject({ state: 'matched', fixture: { id: 't2' }, pick: { type: 'double_chance', choice: '1X' }, odds: corpusPriceOf('t2', { type: 'double_chance', choice: '1X' }) });
  });

  it('answers started once the chosen fixture has kicked off, and no-prices or not-offered by the price', () => {
    const leg = one('Benfica x Porto 1X').leg;
    expect(resolveCandidate(leg, fixtureById('t4'), corpusPriceOf, Date.parse(fixtureById('t4').date) + 60_000)).toMatchObject({ state: 'not-found', reason: 'started', fixture: { id: 't4' } });
    expect(resolveCandidate(leg, fixtureById('t4'), () => undefined, CORPUS_NOW)).toMatchObject({ state: 'not-found', reason: 'no-prices' });
    expect(resolveCandidate(leg, fixtureById('t4'), () => null, CORPUS_NOW)).toMatchObject({ state: 'not-found', reason: 'not-offered' });
  });
});

describe('matchTip: bounded work', () => {
  it('matches a 1 MB paste in at most 100 legs', () => {
    const lines = TIP_CORPUS.map((tip) => tip.text).join('\n');
    const tip = parseTip(`${lines}\n`.repeat(Math.ceil(1_000_000 / lines.length)));
    const got = matchTip(tip, CORPUS_FIXTURES, corpusPriceOf, CORPUS_NOW);
    expect(got.length).toBeLessThanOrEqual(100);
    expect(got).toHaveLength(tip.legs.length);
  });
});

describe('matchTip: a fixture’s name is never turned into another club', () => {
  let next = 0;
  /** A pending fixture of two clubs, a day or so ahead of the corpus clock. */
  const game = (home: string, away: string, hours = 30): ImportFixture => {
    next += 1;
    return { id: `z${next}`, date: new Date(CORPUS_NOW + hours * 3_600_000).toISOString(), status: 'NS', competition_name: 'Liga', home_name: home, away_name: away };
  };
  const price: PriceOf = () => 1.5;
  const against = (text: string, ...fixtures: ImportFixture[]) => one(text, fixtures, price);

  it('reads Paris FC as Paris FC, never as PSG', () => {
    for (const name of ['PSG', 'Paris Saint Germain', 'Paris Saint-Germain']) {
      const psgAtHome = game(name, 'Paris FC');
      const got = against('Paris FC x PSG 1', psgAtHome);
      // The written order is the other way round: only a candidate, with "1" (Paris FC) read as the away side.
      expect(got.state, name).toBe('ambiguous');
      if (got.state === 'ambiguous') expect(got.candidates[0]).toMatchObject({ fixture: { id: psgAtHome.id }, swapped: true, pick: { type: 'ft_result', choice: 'away' } });
    }
    expect(against('PSG x Lyon 1', game('Paris FC', 'Lyon')).state).not.toBe('matched');
    expect(against('Paris x Lyon 1', game('Paris Saint-Germain', 'Lyon')).state).not.toBe('matched');
  });

  it('never puts a fixture name through a fuzzy alias', () => {
    expect(against('Newcastle Jets x Brisbane Roar 1', game('Newcastle United', 'Brisbane Roar')).state).not.toBe('matched');
    expect(against('Newcastle x Brisbane Roar 1', game('Newcastle Jets', 'Brisbane Roar')).state).not.toBe('matched');
    expect(against('Atletico MG x Flamengo 1', game('Atlético de Madrid', 'Flamengo')).state).not.toBe('matched');
    expect(against('Atletico x Flamengo 1', game('Atlético Mineiro', 'Flamengo')).state).not.toBe('matched');
    // A typo of the written name still finds its club.
    expect(against('Tottenam x Arsenal 1', game('Tottenham Hotspur', 'Arsenal'))).toMatchObject({ state: 'matched', pick: { type: 'ft_result', choice: 'home' } });
  });

  it('keeps reserve, youth and women’s sides apart from the first team', () => {
    const cases: [string, string, string][] = [
      ['Bayern x Koln 1', 'Bayern München II', '1. FC Köln II'],
      ['Benfica x Porto 1', 'Benfica B', 'FC Porto B'],
      ['Spurs x Chelsea 1', 'Tottenham Hotspur Women', 'Chelsea Women'],
      ['Man Utd x Liverpool 1', 'Manchester United Women', 'Liverpool Women'],
      ['Real Sociedad x Eibar 1', 'Real Sociedad B', 'Eibar'],
      ['Arsenal x Chelsea 1', 'Arsenal U21', 'Chelsea U21'],
      ['Flamengo x Palmeiras 1', 'Flamengo Sub-20', 'Palmeiras Sub-20'],
      ['Arsenal U21 x Chelsea U21 1', 'Arsenal', 'Chelsea'],
      ['Arsenal U19 x Chelsea U19 1', 'Arsenal U21', 'Chelsea U21'],
    ];
    for (const [text, home, away] of cases) expect(against(text, game(home, away)).state, `${text} on ${home} v ${away}`).not.toBe('matched');
    // Written with their markers, they are matched.
    expect(against('Arsenal Women x Chelsea Women 1', game('Arsenal Women', 'Chelsea Women')).state).toBe('matched');
    expect(against('Spurs Women x Man Utd Women GG', game('Tottenham Hotspur Women', 'Manchester United Women')).state).toBe('matched');
    expect(against('Flamengo U20 x Palmeiras Sub-20 1', game('Flamengo Sub-20', 'Palmeiras U-20')).state).toBe('matched');
    // And the first team is still found beside its reserves.
    expect(against('Bayern x Koln 1', game('Bayern München II', '1. FC Köln II'), game('Bayern München', '1. FC Köln', 50))).toMatchObject({ state: 'matched', fixture: { home_name: 'Bayern München' } });
  });

  it('takes a name inside a longer one for a candidate only', () => {
    expect(against('Arsenal x Zenit 1', game('Arsenal Tula', 'Zenit')).state).toBe('ambiguous');
    expect(against('Everton x Colo Colo 1', game('Everton de Viña del Mar', 'Colo Colo')).state).toBe('ambiguous');
    expect(against('Arsenal Tula x Zenit 1', game('Arsenal', 'Zenit')).state).toBe('ambiguous');
  });

  it('never matches a fixture whose two teams come out as the same club, nor two written teams that do', () => {
    expect(against('PSG x Paris SG 1', game('Paris Saint-Germain', 'PSG')).state).not.toBe('matched');
    expect(against('PSG x Paris SG 1', game('Paris Saint-Germain', 'Lyon')).state).not.toBe('matched');
  });

  it('leaves a short form that starts several fixtures’ names ambiguous', () => {
    const got = against('Bor x Bayern 1', game('Borussia Dortmund', 'Bayern München'), game('Borussia Mgladbach', 'Bayern München', 50));
    expect(got.state).toBe('ambiguous');
    if (got.state === 'ambiguous') expect(got.candidates).toHaveLength(2);
  });

  it('does not let a bare "Real", "Sporting", "Inter", "Manchester", "United" or "City" pick one of several clubs', () => {
    const madrid = game('Real Betis', 'Real Madrid');
    const sociedad = game('Real Betis', 'Real Sociedad', 50);
    const got = against('Betis x Real 1', madrid, sociedad);
    expect(got.state).toBe('ambiguous');
    if (got.state === 'ambiguous') expect(got.candidates.map((item) => item.fixture.id).sort()).toEqual([madrid.id, sociedad.id].sort());
    // With Real Madrid the only Real there, "Real" is Real Madrid.
    expect(against('Betis x Real 1', madrid)).toMatchObject({ state: 'matched', fixture: { id: madrid.id } });
    expect(against('Sporting x Braga 1', game('Sporting CP', 'Braga'), game('Sporting de Braga', 'Braga', 50)).state).toBe('ambiguous');
    expect(against('Inter x Roma 1', game('Inter', 'Roma'), game('Inter Turku', 'Roma', 50)).state).toBe('ambiguous');
    expect(against('Manchester x Arsenal 1', game('Manchester City', 'Arsenal'), game('Manchester United', 'Arsenal', 50)).state).toBe('ambiguous');
    expect(against('United x Arsenal 1', game('Manchester United', 'Arsenal'), game('Newcastle United', 'Arsenal', 50)).state).toBe('ambiguous');
    expect(against('City x Arsenal 1', game('Manchester City', 'Arsenal'), game('Luanda City', 'Arsenal', 50)).state).toBe('ambiguous');
    // The other team still tells two fixtures apart.
    expect(against('Sporting x Braga 1', game('Sporting CP', 'Braga'), game('Sporting de Cabinda', 'Académica', 50))).toMatchObject({ state: 'matched', fixture: { home_name: 'Sporting CP' } });
  });
});

describe('matchTip: a week of fixtures', () => {
  it('gives the same answers when 2,000 fixtures of other clubs are listed too', () => {
    const crowd = crowdFixtures(2000);
    const all = [...crowd.slice(0, 1000), ...CORPUS_FIXTURES, ...crowd.slice(1000)];
    for (const tip of TIP_CORPUS) {
      const alone = match(tip.text);
      const among = match(tip.text, all);
      expect(among.map((item) => [item.state, 'fixture' in item ? item.fixture?.id : null, item.state === 'ambiguous' ? item.candidates.map((c) => c.fixture.id) : null]), tip.text).toEqual(
        alone.map((item) => [item.state, 'fixture' in item ? item.fixture?.id : null, item.state === 'ambiguous' ? item.candidates.map((c) => c.fixture.id) : null]),
      );
    }
  });

  it('matches 100 legs against 2,000 fixtures', () => {
    const fixtures = crowdFixtures(2000);
    const text = fixtures.slice(0, 100).map((item) => `${item.home_name} x ${item.away_name} 1`).join('\n');
    const got = match(text, fixtures, () => 1.5);
    expect(got).toHaveLength(100);
    expect(got.every((item, index) => item.state === 'matched' && item.fixture.id === fixtures[index]?.id)).toBe(true);
  });
});
