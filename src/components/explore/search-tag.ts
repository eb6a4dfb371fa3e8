import type { CommunityUser, ExploreSelection } from '../../../contract/schemas/explore.ts';
import { competitorName } from '../../lib/selection.ts';
import type { SlipModel } from '../../state/slip-model.ts';

// SPEC §2: /explorar takes an optional searchTag; it narrows Explore's lists to what mentions it (teams, competition,
// people), from the URL as from the search box.

/** Lower case without accents, so "benfica" finds "Benfica" and "sao" finds "São". */
export function folded(text: string | null | undefined): string {
  return (text ?? '').normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

function mentions(tag: string, texts: (string | null | undefined)[]): boolean {
  // A stored copy from an older app may lack a name: it simply does not match.
  return texts.some((text) => typeof text === 'string' && folded(text).includes(tag));
}

export function tipMatches(tag: string, tip: ExploreSelection): boolean {
  return mentions(tag, [competitorName(tip, 'home'), competitorName(tip, 'away'), tip.event_tournament.name]);
}

export function slipMatches(tag: string, slip: SlipModel): boolean {
  const { ficha } = slip;
  return mentions(tag, [
    ficha.usuario.nome,
    ficha.usuario.nomeUsuario,
    ...ficha.selecoes.flatMap((selection) => [competitorName(selection, 'home'), competitorName(selection, 'away'), selection.event_tournament.name]),
  ]);
}

export function userMatches(tag: string, user: CommunityUser): boolean {
  return mentions(tag, [user.nome, user.nomeUsuario]);
}

/** The items that mention the (already folded) tag; all of them when there is none. */
export function narrowed<T>(items: T[], tag: string, matches: (tag: string, item: T) => boolean): T[] {
  return tag ? items.filter((item) => matches(tag, item)) : items;
}
