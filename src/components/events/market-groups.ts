import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MarketType } from '../../../contract/schemas/events.ts';

/**
 * The event page's market groups, in order, as bettors scan them (docs/decisions.md "Looks and touch"): the main
 * ones open, the rest one tap away. A market type not listed goes to the last group.
 */
export const MARKET_GROUPS: readonly { id: string; title: MessageDescriptor; open: boolean; types: readonly MarketType[] }[] = [
  { id: 'main', title: msg`Principais`, open: true, types: ['ft_result', 'double_chance', 'draw_no_bet', 'btts'] },
  { id: 'goals', title: msg`Golos`, open: true, types: ['goals', 'exact_goals'] },
  { id: 'teams', title: msg`Equipas`, open: false, types: ['home_goals', 'away_goals'] },
  { id: 'half-time', title: msg`Intervalo`, open: false, types: ['ht_result', '1h_goals'] },
  { id: 'second-half', title: msg`2.ª parte`, open: false, types: ['2h_result', '2h_goals'] },
  { id: 'corners', title: msg`Cantos`, open: false, types: ['corners', '1h_corners', 'asian_corners'] },
];

/** Odds no one bets: a price this close to 1 pays nothing, one above 100 is a line left open by the model. */
export function isOffered(odds: number): boolean {
  return odds > 1.01 && odds <= 100;
}

/** The markets of each group, in the groups' order, with only the choices on offer; empty groups and markets left out. */
export function groupMarkets<M extends { type: string; choices: readonly { odds: number }[] }>(
  markets: readonly M[],
): { id: string; title: MessageDescriptor; open: boolean; markets: (M & { offered: M['choices'][number][] })[] }[] {
  const last = MARKET_GROUPS.length - 1;
  const groupOf = (type: string) => {
    const at = MARKET_GROUPS.findIndex((group) => (group.types as readonly string[]).includes(type));
    return at === -1 ? last : at;
  };
  const grouped = MARKET_GROUPS.map((group) => ({ id: group.id, title: group.title, open: group.open, markets: [] as (M & { offered: M['choices'][number][] })[] }));
  for (const market of markets) {
    const offered = market.choices.filter((choice) => isOffered(choice.odds));
    if (offered.length > 0) grouped[groupOf(market.type)]?.markets.push({ ...market, offered });
  }
  return grouped.filter((group) => group.markets.length > 0);
}
