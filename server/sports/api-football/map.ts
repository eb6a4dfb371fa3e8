import type { MarketType } from '../../../contract/schemas/events.ts';
import type { PricedChoice } from '../markets.ts';
import type { ApiBet, ApiFixture } from './schemas.ts';

// API-Football's fixtures and prices in the shapes the app already shows (docs/api/betting.md "Markets and choices").
// A bet we do not show, or a value we cannot read, is skipped and counted, never guessed.

/** The app's status (SPEC §3 "Event status") and minute for a fixture's short status. */
export function statusOf(status: ApiFixture['fixture']['status']): { status: string; elapsed: number | null; text: string | null } {
  const minute = status.elapsed === null ? null : status.elapsed + (status.extra ?? 0);
  switch (status.short) {
    case 'NS':
    case 'TBD':
      return { status: 'NS', elapsed: null, text: null };
    case '1H':
    case '2H':
    case 'ET':
    case 'BT':
    case 'P':
    case 'LIVE':
      return { status: 'LIVE', elapsed: minute, text: null };
    case 'HT':
      return { status: 'HT', elapsed: status.elapsed, text: null };
    case 'FT':
    case 'AET':
    case 'PEN':
      return { status: 'FT', elapsed: status.elapsed, text: null };
    default:
      // PST, CANC, ABD, AWD, WO, SUSP, INT and any code the API adds: the app shows them as suspended, with the
      // provider's words for why.
      return { status: status.short, elapsed: status.elapsed, text: status.long };
  }
}

interface Bet {
  type: MarketType;
  /** The choice a value names, or null when it is not one we show. */
  choice: (value: string) => string | null;
  /** What the fair probabilities of one group add up to (2 for double chance: each result is covered twice). */
  total?: number;
  /** The group a choice belongs to for removing the margin (an over/under line is a pair of its own). */
  group?: (choice: string) => string;
}

const RESULT: Record<string, string> = { home: 'home', draw: 'draw', away: 'away' };
const result = (value: string) => RESULT[value.toLowerCase()] ?? null;
const line = (pattern: RegExp) => (value: string) => {
  const match = /^(over|under)\s+(\d+(?:\.\d+)?)$/i.exec(value.trim());
  if (!match?.[1] || !match[2] || !pattern.test(match[2])) return null;
  return `${match[1].toLowerCase()}_${Number(match[2])}`;
};
const HALF = /^\d+\.5$/;
const WHOLE = /^\d+$/;
const byLine = (choice: string) => choice.replace(/^(over|under)_/, '');

/** The bets we show, by the name API-Football gives them (case and spaces folded). */
const BETS: Record<string, Bet[]> = {
  'match winner': [{ type: 'ft_result', choice: result }],
  'first half winner': [{ type: 'ht_result', choice: result }],
  'second half winner': [{ type: '2h_result', choice: result }],
  'home/away': [{ type: 'draw_no_bet', choice: (value) => (['home', 'away'].includes(value.toLowerCase()) ? value.toLowerCase() : null) }],
  'double chance': [
    {
      type: 'double_chance',
      choice: (value) => ({ 'home/draw': '1X', 'home/away': '12', 'draw/away': 'X2' })[value.toLowerCase().replace(/\s+/g, '')] ?? null,
      total: 2,
    },
  ],
  'both teams score': [{ type: 'btts', choice: (value) => ({ yes: 'yes', no: 'no' })[value.toLowerCase()] ?? null }],
  'goals over/under': [{ type: 'goals', choice: line(HALF), group: byLine }],
  'goals over/under first half': [{ type: '1h_goals', choice: line(HALF), group: byLine }],
  'goals over/under - second half': [{ type: '2h_goals', choice: line(HALF), group: byLine }],
  'total - home': [{ type: 'home_goals', choice: line(HALF), group: byLine }],
  'total - away': [{ type: 'away_goals', choice: line(HALF), group: byLine }],
  'exact goals number': [
    {
      type: 'exact_goals',
      choice: (value) => {
        const text = value.trim().toLowerCase();
        if (/^[0-5]$/.test(text)) return text;
        return /^(6\+?|more 5|over 5|5\+ ?more|6 or more)$/.test(text) ? '6+' : null;
      },
    },
  ],
  // First-half corners are not offered: the API's statistics give the whole match only, so they could not be settled.
  'corners over under': [
    { type: 'corners', choice: line(HALF), group: byLine },
    { type: 'asian_corners', choice: line(WHOLE), group: byLine },
  ],
};

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

export interface MappedPrices {
  priced: PricedChoice[];
  /** Bets not shown here (by name), and values of shown bets that could not be read. */
  skippedBets: string[];
  skippedValues: number;
}

/**
 * A bookmaker's bets as the app's priced choices. Odds are strings in the API ("1.85"); each choice's probability is
 * its implied probability with the bookmaker's margin taken off in proportion (docs/decisions.md "Probabilities
 * from a bookmaker's prices").
 */
export function pricesOf(bets: readonly Pick<ApiBet, 'name' | 'values'>[]): MappedPrices {
  const raw: (PricedChoice & { group: string; total: number })[] = [];
  const skippedBets: string[] = [];
  let skippedValues = 0;
  const seen = new Set<string>();
  for (const bet of bets) {
    const targets = BETS[nameKey(bet.name)];
    if (!targets) {
      skippedBets.push(bet.name);
      continue;
    }
    for (const entry of bet.values) {
      const value = String(entry.value);
      const odds = Number(entry.odd);
      const target = targets.map((candidate) => ({ candidate, choice: candidate.choice(value) })).find((found) => found.choice !== null);
      if (!target?.choice || !Number.isFinite(odds) || odds <= 1) {
        skippedValues += 1;
        continue;
      }
      const key = `${target.candidate.type}|${target.choice}`;
      if (seen.has(key)) continue;
      seen.add(key);
      raw.push({
        type: target.candidate.type,
        choice: target.choice,
        odds: Math.round(odds * 100) / 100,
        probability: 0,
        group: `${target.candidate.type}|${target.candidate.group?.(target.choice) ?? ''}`,
        total: target.candidate.total ?? 1,
      });
    }
  }
  const implied = new Map<string, number>();
  for (const choice of raw) implied.set(choice.group, (implied.get(choice.group) ?? 0) + 1 / choice.odds);
  const priced = raw.map(({ group, total, ...choice }) => {
    const sum = implied.get(group) ?? 1;
    // A group with one side only (an over without its under) has no margin to take off: its implied probability stands.
    const members = raw.filter((other) => other.group === group).length;
    const probability = members > 1 ? ((1 / choice.odds) / sum) * total : 1 / choice.odds;
    return { ...choice, probability: Math.min(1, probability) };
  });
  return { priced, skippedBets, skippedValues };
}
