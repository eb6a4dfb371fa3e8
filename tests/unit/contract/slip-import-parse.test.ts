import { describe, expect, it } from 'vitest';
import { MAX_TIP_CHARS, MAX_TIP_LEGS, parseTip } from '../../../contract/slip-import/parse.ts';
import { canonicalTeam, fixtureTeam, normalizeTeam, teamSimilarity } from '../../../contract/slip-import/teams.ts';
import { TIP_CORPUS } from '../../fixtures/tip-corpus.ts';

/** The pick read from one leg written after two teams. */
const pickOf = (text: string) => {
  const [leg] = parseTip(`Petro de Luanda x Sagrada Esperança - ${text}`).legs;
  return leg?.pick ?? leg?.unreadable;
};

describe('parseTip over the corpus', () => {
  for (const tip of TIP_CORPUS) {
    it(tip.name, () => {
      const parsed = parseTip(tip.text);
      expect(parsed.legs).toHaveLength(tip.legs.length);
      tip.legs.forEach((expected, index) => {
        if (expected.result === 'matched') expect(parsed.legs[index]?.pick).toEqual(expected.pick);
        if (expected.result === 'not-found' && ['combined', 'unknown-market'].includes(expected.reason)) expect(parsed.legs[index]?.unreadable).toBe(expected.reason);
      });
      if (tip.stake !== undefined) expect(parsed.stake).toBe(tip.stake);
      if (tip.bookingCodes) expect(parsed.bookingCodes).toEqual(tip.bookingCodes);
      expect(parsed.ignored).toHaveLength(tip.ignored ?? 0);
    });
  }
});

describe('parseTip: the pieces of a leg', () => {
  it('keeps the teams as written, in order, without decoration', () => {
    const [leg] = parseTip('🔥 Hoje 20:00 ⚽ Petro de Luanda x 1º de Agosto — 1X @1.45 ✅').legs;
    expect(leg).toMatchObject({ home: 'Petro de Luanda', away: '1º de Agosto', pickText: '1X', odd: 1.45, kickoff: 'Hoje 20:00', unreadable: null });
  });

  it('reads odds as @, in brackets, labelled, with a decimal comma', () => {
    expect(parseTip('Inter x Milan GG @1,85').legs[0]?.odd).toBe(1.85);
    expect(parseTip('Inter x Milan GG (1.85)').legs[0]?.odd).toBe(1.85);
    expect(parseTip('Inter x Milan GG\nOdd: 1,85').legs[0]?.odd).toBe(1.85);
    expect(parseTip('Inter x Milan GG').legs[0]?.odd).toBeNull();
  });

  it('takes x as a separator only as a word, and keeps "1. FC Köln" a club', () => {
    expect(parseTip('Xerez x Luxemburgo 1').legs[0]).toMatchObject({ home: 'Xerez', away: 'Luxemburgo' });
    expect(parseTip('1. FC Köln vs Bayern München X2').legs[0]).toMatchObject({ home: '1. FC Köln', away: 'Bayern München', pick: { type: 'double_chance', choice: 'X2' } });
    expect(parseTip('Bayern x Koln X').legs[0]?.pick).toEqual({ type: 'ft_result', choice: 'draw' });
  });

  it('splits legs at newlines, semicolons, numbered items, bullets and keycaps', () => {
    const text = '1️⃣ Petro x Agosto 1\n2- Inter x Milan GG\n• Juve x Napoli X2 • Roma x Lazio 1X; Celta x Getafe 2\n3) Benfica x Porto 1 4) Sporting x Braga X';
    expect(parseTip(text).legs.map((leg) => leg.home)).toEqual(['Petro', 'Inter', 'Juve', 'Roma', 'Celta', 'Benfica', 'Sporting']);
  });

  it('reads a labelled block in English and Portuguese, a leg per block', () => {
    const tip = parseTip('Liga: Girabola\nJogo: Petro x Agosto\nPalpite: Casa\nCota: 1.50\n\nLeague: Serie A\nGame: Inter vs Milan\nBet: Over 2.5 goals\nOdds: 1.80');
    expect(tip.legs).toHaveLength(2);
    expect(tip.legs[0]).toMatchObject({ home: 'Petro', away: 'Agosto', competition: 'Girabola', odd: 1.5, pick: { type: 'ft_result', choice: 'home' } });
    expect(tip.legs[1]).toMatchObject({ home: 'Inter', away: 'Milan', competition: 'Serie A', odd: 1.8, pick: { type: 'goals', choice: 'over_2.5' } });
    expect(tip.legs[0]?.text).toBe('Liga: Girabola / Jogo: Petro x Agosto / Palpite: Casa / Cota: 1.50');
  });

  it('makes a leg of a "Jogo:" whose teams cannot be read, and of a pick with no game', () => {
    const tip = parseTip('Jogo: Petro de Luanda\nPalpite: 1X');
    expect(tip.legs).toHaveLength(1);
    expect(tip.legs[0]).toMatchObject({ home: '', away: '', pick: { type: 'double_chance', choice: '1X' } });
  });

  it('says why a pick is unreadable: two in one, a market we lack, none written', () => {
    expect(parseTip('Bayern Munich Vs Koln 1 and over 1.5').legs[0]).toMatchObject({ home: 'Bayern Munich', away: 'Koln', pick: null, unreadable: 'combined' });
    expect(parseTip('Inter x Milan 1X & GG').legs[0]?.unreadable).toBe('combined');
    expect(parseTip('Inter x Milan 1X GG').legs[0]?.unreadable).toBe('combined');
    expect(parseTip('Inter x Milan Casa e Over 1.5').legs[0]?.unreadable).toBe('combined');
    expect(parseTip('Inter x Milan: Handicap -1').legs[0]?.unreadable).toBe('unknown-market');
    expect(parseTip('Inter x Milan - Lautaro marcador').legs[0]?.unreadable).toBe('unknown-market');
    expect(parseTip('Inter x Milan').legs[0]).toMatchObject({ pickText: '', pick: null, unreadable: 'missing' });
  });

  it('never takes a dash in prose for two teams', () => {
    const tip = parseTip('Boa sorte - família 🍀\nGanhámos 3 x 0 ontem');
    expect(tip.legs).toEqual([]);
    expect(tip.ignored).toHaveLength(2);
  });
});

describe('parseTip: picks in our terms (docs/api/betting.md)', () => {
  const cases: [string, unknown][] = [
    ['1', { type: 'ft_result', choice: 'home' }],
    ['X', { type: 'ft_result', choice: 'draw' }],
    ['2', { type: 'ft_result', choice: 'away' }],
    ['Casa', { type: 'ft_result', choice: 'home' }],
    ['Empate', { type: 'ft_result', choice: 'draw' }],
    ['Fora', { type: 'ft_result', choice: 'away' }],
    ['Away win', { type: 'ft_result', choice: 'away' }],
    ['Vitória do Petro', { type: 'ft_result', choice: 'home' }],
    ['Sagrada vence', { type: 'ft_result', choice: 'away' }],
    ['Petro to win', { type: 'ft_result', choice: 'home' }],
    ['1X', { type: 'double_chance', choice: '1X' }],
    ['X2', { type: 'double_chance', choice: 'X2' }],
    ['12', { type: 'double_chance', choice: '12' }],
    ['Dupla hipótese: X2', { type: 'double_chance', choice: 'X2' }],
    ['Sagrada ou empate', { type: 'double_chance', choice: 'X2' }],
    ['DNB 1', { type: 'draw_no_bet', choice: 'home' }],
    ['Empate anula: Sagrada', { type: 'draw_no_bet', choice: 'away' }],
    ['GG', { type: 'btts', choice: 'yes' }],
    ['NG', { type: 'btts', choice: 'no' }],
    ['BTTS Yes', { type: 'btts', choice: 'yes' }],
    ['Ambas marcam', { type: 'btts', choice: 'yes' }],
    ['Ambas marcam: Não', { type: 'btts', choice: 'no' }],
    ['Over 2.5', { type: 'goals', choice: 'over_2.5' }],
    ['Under 3,5 goals', { type: 'goals', choice: 'under_3.5' }],
    ['Mais de 1.5 golos', { type: 'goals', choice: 'over_1.5' }],
    ['Menos de 4.5 gols', { type: 'goals', choice: 'under_4.5' }],
    ['+1.5', { type: 'goals', choice: 'over_1.5' }],
    ['-2.5', { type: 'goals', choice: 'under_2.5' }],
    ['O2.5', { type: 'goals', choice: 'over_2.5' }],
    ['Over 0.5 Goals HT', { type: '1h_goals', choice: 'over_0.5' }],
    ['1T +0.5', { type: '1h_goals', choice: 'over_0.5' }],
    ['Mais de 0.5 golos na 1ª parte', { type: '1h_goals', choice: 'over_0.5' }],
    ['Over 1.5 first half', { type: '1h_goals', choice: 'over_1.5' }],
    ['2ª parte mais de 0.5', { type: '2h_goals', choice: 'over_0.5' }],
    ['Over 0.5 second half', { type: '2h_goals', choice: 'over_0.5' }],
    ['Over 9.5 cantos', { type: 'corners', choice: 'over_9.5' }],
    ['Corners under 10.5', { type: 'corners', choice: 'under_10.5' }],
    ['Cantos 1T over 4.5', { type: '1h_corners', choice: 'over_4.5' }],
    ['Cantos asiáticos +9', { type: 'asian_corners', choice: 'over_9' }],
    ['Asian corners under 11', { type: 'asian_corners', choice: 'under_11' }],
    ['HT 1', { type: 'ht_result', choice: 'home' }],
    ['Intervalo: Empate', { type: 'ht_result', choice: 'draw' }],
    ['2T: 2', { type: '2h_result', choice: 'away' }],
    ['Petro over 1.5', { type: 'home_goals', choice: 'over_1.5' }],
    ['Sagrada mais de 0.5 golos', { type: 'away_goals', choice: 'over_0.5' }],
    ['Exatamente 2 golos', { type: 'exact_goals', choice: '2' }],
    ['6+ golos exatos', { type: 'exact_goals', choice: '6+' }],
    ['1 and over 1.5', 'combined'],
    ['1X & GG', 'combined'],
    ['Over 2 goals', 'unknown-market'],
    ['Over 9 cantos', 'unknown-market'],
    ['GG HT', 'unknown-market'],
    ['Anytime goalscorer', 'unknown-market'],
    ['HT/FT 1/1', 'unknown-market'],
    ['Handicap -1', 'unknown-market'],
  ];
  for (const [text, expected] of cases) {
    it(text, () => expect(pickOf(text)).toEqual(expected));
  }
});

describe('parseTip: stakes and booking codes', () => {
  it.each([
    ['Valor: 1000 Kz', 1000],
    ['1.000 Kz', 1000],
    ['1000kz', 1000],
    ['Kz 1 000', 1000],
    ['Valor: 1000', 1000],
    ['Stake: 500', 500],
    ['Aposta: 2.500,00 Kz', 2500],
    ['Montante: 5 000 AKZ', 5000],
  ])('%s', (line, stake) => {
    expect(parseTip(`Inter x Milan GG\n${line}`).stake).toBe(stake);
  });

  it('keeps "Aposta: 2" a pick, not a stake', () => {
    const tip = parseTip('Jogo: Inter x Milan\nAposta: 2');
    expect(tip.stake).toBeNull();
    expect(tip.legs[0]?.pick).toEqual({ type: 'ft_result', choice: 'away' });
  });

  it('reads codes beside code words, with the bookmaker when named', () => {
    const tip = parseTip('Código SportyBet: ABC123\nBooking code 8H3KQ2 (Betway)\nBilhete: 4KD93M\nCupão Premier Bet - PB12345');
    expect(tip.bookingCodes).toEqual([
      { bookmaker: 'SportyBet', code: 'ABC123' },
      { bookmaker: 'Betway', code: '8H3KQ2' },
      { bookmaker: null, code: '4KD93M' },
      { bookmaker: 'Premier Bet', code: 'PB12345' },
    ]);
    expect(tip.legs).toEqual([]);
  });

  it('sets greetings and totals aside', () => {
    const tip = parseTip('Bom dia 🙏\nInter x Milan GG\nOdd total: 5.60\nBoa sorte 🍀');
    expect(tip.legs).toHaveLength(1);
    expect(tip.ignored).toEqual(['Bom dia 🙏', 'Odd total: 5.60', 'Boa sorte 🍀']);
  });
});

describe('parseTip: bounded work', () => {
  it('reads at most MAX_TIP_LEGS legs from a 1 MB paste, from its first MAX_TIP_CHARS characters', () => {
    const line = 'Petro de Luanda x 1º de Agosto — 1X @1.45 🔥\n';
    const tip = parseTip(line.repeat(Math.ceil(1_000_000 / line.length)));
    expect(tip.legs.length).toBeLessThanOrEqual(MAX_TIP_LEGS);
    expect(tip.legs).toHaveLength(Math.min(MAX_TIP_LEGS, Math.floor(MAX_TIP_CHARS / line.length) + 1));
  });

  it('survives a megabyte without line breaks or of separators alone', () => {
    expect(parseTip('a x '.repeat(250_000)).legs.length).toBeLessThanOrEqual(1);
    expect(parseTip('-'.repeat(1_000_000)).legs).toEqual([]);
    expect(parseTip(' x x x 1 and '.repeat(80_000)).legs.length).toBeLessThanOrEqual(MAX_TIP_LEGS);
    expect(parseTip('Over 2.5 golos '.repeat(60_000)).legs).toEqual([]);
  });
});

describe('team names', () => {
  it('normalises accents, decoration words and "1º"', () => {
    expect(normalizeTeam('1º de Agosto')).toBe('1 agosto');
    expect(normalizeTeam('Primeiro de Agosto')).toBe('1 agosto');
    expect(normalizeTeam('1. FC Köln')).toBe('1 koln');
    expect(normalizeTeam('Atlético de Madrid')).toBe('atletico madrid');
    expect(normalizeTeam('FC')).toBe('fc');
  });

  it('knows the nicknames', () => {
    for (const [written, name] of [
      ['Man Utd', 'Manchester United'], ['Spurs', 'Tottenham Hotspur'], ["Nott'm Forest", 'Nottingham Forest'], ['Barça', 'FC Barcelona'],
      ['Atleti', 'Atlético de Madrid'], ['Bayern Munich', 'Bayern München'], ['Cologne', '1. FC Köln'], ['SLB', 'Benfica'],
      ['Sporting Lisboa', 'Sporting CP'], ['Petro Atlético', 'Petro de Luanda'], ["D'Agosto", '1º de Agosto'], ['Libolo', 'Recreativo do Libolo'],
      ['Tottenam', 'Tottenham Hotspur'],
    ] as const) {
      expect(canonicalTeam(written), written).toBe(canonicalTeam(name));
    }
  });

  it('scores 1 for the same club, below a clear match for the traps', () => {
    expect(teamSimilarity('Man City', 'Manchester City')).toBe(1);
    expect(teamSimilarity('Man City', 'Manchester United')).toBeLessThan(0.6);
    expect(teamSimilarity('Inter', 'Interclube')).toBeLessThan(0.8);
    expect(teamSimilarity('Sporting', 'Sporting de Cabinda')).toBeLessThan(0.8);
    expect(teamSimilarity('Real', 'Real Sociedad')).toBeLessThan(0.8);
    expect(teamSimilarity('Liverpol', 'Liverpool')).toBeGreaterThan(0.8);
  });
});

describe('parseTip: a team named with more than a win', () => {
  const labelled = (pick: string) => parseTip(`Jogo: Man City x Arsenal\nPalpite: ${pick}`).legs[0];
  const oneLine = (text: string) => parseTip(text).legs[0];

  it.each(['Arsenal -1', 'Arsenal handicap -1', 'Arsenal +1.5', 'Arsenal AH -0.5', 'Arsenal clean sheet', 'Arsenal primeiro a marcar', 'Arsenal qualifica', 'Arsenal 1', 'Arsenal marca', 'Arsenal 2+ golos'])(
    'Palpite: %s is a market we have not got, not Arsenal’s win',
    (pick) => {
      expect(labelled(pick)).toMatchObject({ pick: null, unreadable: 'unknown-market' });
    },
  );

  it.each([
    ['Arsenal', 'away'],
    ['Arsenal vence', 'away'],
    ['Arsenal ganha', 'away'],
    ['Arsenal to win', 'away'],
    ['Vitória do Arsenal', 'away'],
    ['Vitória Arsenal', 'away'],
    ['Man City win', 'home'],
    ['City', 'home'],
  ])('Palpite: %s is a win', (pick, choice) => {
    expect(labelled(pick)?.pick).toEqual({ type: 'ft_result', choice });
  });

  it.each([
    'Man City x Arsenal: Arsenal marca',
    'Man City x Arsenal - Arsenal win to nil',
    'Man City x Arsenal - Arsenal 2+ golos',
    'Man City x Arsenal: Arsenal qualifica',
    'Man City x Arsenal - Arsenal ganha ambas as partes',
    'Man City x Arsenal Arsenal clean sheet',
  ])('%s is a market we have not got', (text) => {
    expect(oneLine(text)).toMatchObject({ home: 'Man City', away: 'Arsenal', pick: null, unreadable: 'unknown-market' });
  });
});

describe('parseTip: a team’s own pick after the teams', () => {
  const oneLine = (text: string) => parseTip(text).legs[0];

  it.each(['Man City x Arsenal Arsenal +1.5', 'Man City x Arsenal - Arsenal +1.5', 'Man City x Arsenal City -1.5', 'Man City x Arsenal: Arsenal over 9.5 cantos', 'Man City x Arsenal Arsenal cantos +4.5'])(
    '%s is a handicap or team corners, never the match’s total',
    (text) => {
      expect(oneLine(text)).toMatchObject({ home: 'Man City', away: 'Arsenal', pick: null, unreadable: 'unknown-market' });
    },
  );

  it('reads Petro -1.5 as a handicap, not under 1.5 goals', () => {
    expect(oneLine('Petro x Agosto Petro -1.5')).toMatchObject({ home: 'Petro', away: 'Agosto', pick: null, unreadable: 'unknown-market' });
    expect(parseTip('Jogo: Petro x Agosto\nPalpite: Petro -1.5').legs[0]).toMatchObject({ pick: null, unreadable: 'unknown-market' });
  });

  it('reads a team’s goals written after the teams', () => {
    expect(oneLine('Man City x Arsenal Arsenal over 1.5')).toMatchObject({ away: 'Arsenal', pick: { type: 'away_goals', choice: 'over_1.5' } });
    expect(oneLine('Man City x Arsenal City over 1.5 golos')).toMatchObject({ away: 'Arsenal', pick: { type: 'home_goals', choice: 'over_1.5' } });
    expect(oneLine('Man City x Arsenal - Arsenal menos de 0.5')).toMatchObject({ away: 'Arsenal', pick: { type: 'away_goals', choice: 'under_0.5' } });
  });

  it('keeps clubs whose names repeat a word of the other team whole', () => {
    expect(oneLine('Real Betis x Real Madrid over 2.5')).toMatchObject({ home: 'Real Betis', away: 'Real Madrid', pick: { type: 'goals', choice: 'over_2.5' } });
    expect(oneLine('Isaac de Benguela x Wiliete de Benguela 1')).toMatchObject({ away: 'Wiliete de Benguela', pick: { type: 'ft_result', choice: 'home' } });
    expect(oneLine('Chelsea x Wolverhampton Wanderers Over 1.5')).toMatchObject({ away: 'Wolverhampton Wanderers', pick: { type: 'goals', choice: 'over_1.5' } });
    expect(oneLine('Man City x Manchester United 1')).toMatchObject({ away: 'Manchester United', pick: { type: 'ft_result', choice: 'home' } });
  });
});

describe('parseTip: a pick on the next line', () => {
  it('makes a leg that has its pick two picks in one, never drops it', () => {
    expect(parseTip('Petro x Agosto - 1X\nOver 2.5').legs).toEqual([
      expect.objectContaining({ home: 'Petro', away: 'Agosto', pickText: '1X / Over 2.5', pick: null, unreadable: 'combined' }),
    ]);
    expect(parseTip('Jogo: Petro x Agosto\nPalpite: 1X\nOver 2.5').legs).toEqual([expect.objectContaining({ pick: null, unreadable: 'combined' })]);
    expect(parseTip('Jogo: Petro x Agosto\nPalpite: 1X\nOdd: 1.40\nGG').legs).toEqual([expect.objectContaining({ pick: null, unreadable: 'combined' })]);
  });

  it('still reads odds on the next line, the pick of a leg without one, and a new labelled block', () => {
    expect(parseTip('Petro x Agosto - 1X\n@1.50').legs[0]).toMatchObject({ pick: { type: 'double_chance', choice: '1X' }, odd: 1.5 });
    expect(parseTip('Petro x Agosto\nOver 2.5').legs[0]).toMatchObject({ pick: { type: 'goals', choice: 'over_2.5' } });
    const blocks = parseTip('Jogo: Petro x Agosto\nPalpite: 1X\nJogo: Inter x Milan\nPalpite: GG');
    expect(blocks.legs.map((leg) => leg.pick)).toEqual([{ type: 'double_chance', choice: '1X' }, { type: 'btts', choice: 'yes' }]);
    expect(parseTip('Petro x Agosto 1X\nInter x Milan GG').legs.map((leg) => leg.unreadable)).toEqual([null, null]);
  });
});

describe('team names: fixture names stay the clubs they are', () => {
  it('never reads another club into a name the alias table does not know', () => {
    expect(fixtureTeam('Paris FC')).not.toBe(fixtureTeam('PSG'));
    expect(canonicalTeam('Paris FC')).not.toBe(canonicalTeam('PSG'));
    expect(fixtureTeam('Newcastle Jets')).not.toBe(fixtureTeam('Newcastle United'));
    expect(canonicalTeam('Newcastle Jets')).not.toBe(canonicalTeam('Newcastle'));
    expect(canonicalTeam('Atletico MG')).not.toBe(canonicalTeam('Atlético de Madrid'));
    for (const name of ['Bayern München II', 'Benfica B', 'Tottenham Hotspur Women', 'Manchester United Women', 'Real Sociedad B']) {
      expect(fixtureTeam(name), name).not.toBe(fixtureTeam(name.replace(/ (?:II|B|Women)$/, '')));
    }
    // An exact alias of the whole name is still the club.
    expect(fixtureTeam('Man Utd')).toBe(fixtureTeam('Manchester United'));
    expect(fixtureTeam('Spurs Women')).toBe(fixtureTeam('Tottenham Hotspur Women'));
  });

  it('keeps a name inside a longer one, or with other markers, below a match', () => {
    for (const [written, fixture] of [
      ['Arsenal', 'Arsenal Women'], ['Arsenal', 'Arsenal U21'], ['Arsenal', 'Arsenal Tula'], ['Everton', 'Everton de Viña del Mar'], ['Bayern', 'Bayern München II'],
      ['Flamengo U20', 'Flamengo'], ['Arsenal U19', 'Arsenal U21'], ['Benfica', 'Benfica B'], ['Arsenal Tula', 'Arsenal'],
    ] as const) {
      expect(teamSimilarity(written, fixture), `${written} / ${fixture}`).toBeLessThan(0.8);
    }
    expect(teamSimilarity('Flamengo Sub-20', 'Flamengo U-20')).toBe(1);
    expect(teamSimilarity('Arsenal W', 'Arsenal Women')).toBe(1);
  });
});
