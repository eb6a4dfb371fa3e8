import { exploreMetaKey } from '../resource-keys.ts';

// Where rewards live in the store (`queries` rows), light enough for the state layer to import without the HTTP client.

/** The three lists of docs/api/social.md "Rewards". */
export type RewardListName = 'enviadas' | 'recebidas' | 'reembolsados';

/** A list's `queries` row: the pagamentoIds in the server's order. */
export const rewardListKey = (lista: RewardListName) => `recompensas:${lista}`;
/** A list's freshness and paging (pruned with its row). */
export const rewardListMetaKey = (lista: RewardListName) => exploreMetaKey(rewardListKey(lista));

/** One reward's `queries` row (its `reward`), by the payment behind it. */
export const rewardKey = (pagamentoId: string) => `recompensa:${pagamentoId}`;
export const rewardMetaKey = (pagamentoId: string) => exploreMetaKey(rewardKey(pagamentoId));
