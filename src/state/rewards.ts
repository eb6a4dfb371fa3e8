import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { SyncMeta } from '../db/types.ts';
import type { Reward } from '../../contract/schemas/rewards.ts';
import { rewardKey, rewardListKey, rewardListMetaKey, rewardMetaKey } from '../sync/resources/reward-keys.ts';
import { cachedAtom, liveAtom, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { loadSync } from './lazy-sync.ts';

// Rewards (SPEC §2 /dashboard/recompensas/…): the three lists and one reward from the store (readable offline with
// their last update), and sending one, which opens a payment and so needs the network.

/** The three lists: what the user sent, what they received (paid), what they sent and got back. */
export type RewardListName = 'enviadas' | 'recebidas' | 'reembolsados';

const listAtoms = new Map<string, Atom<Reward[] | undefined | Pending>>();

/** A list as far as it was loaded, in the server's order (newest first); undefined before its first load. */
export function rewardListAtom(lista: RewardListName): Atom<Reward[] | undefined | Pending> {
  return cachedAtom(listAtoms, lista, () =>
    viewAtom(
      personalAtom(undefined, () =>
        db.queries
          .get(rewardListKey(lista))
          .then((row) => row && db.queries.bulkGet(row.ids.map(rewardKey)).then((rows) => rows.flatMap((r) => (r?.reward ? [r.reward] : [])))),
      ),
      (rewards) => rewards,
    ),
  );
}

const listMetaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

/** A list's freshness and paging (noMore once the server has nothing older). */
export function rewardListMetaAtom(lista: RewardListName): Atom<SyncMeta | undefined | Pending> {
  return cachedAtom(listMetaAtoms, lista, () => liveAtom(() => db.syncMeta.get(rewardListMetaKey(lista))));
}

const rewardAtoms = new Map<string, Atom<Reward | undefined | Pending>>();

/** One reward by its pagamentoId, as this phone last saw it. */
export function rewardAtom(pagamentoId: string): Atom<Reward | undefined | Pending> {
  return cachedAtom(rewardAtoms, pagamentoId, () =>
    personalAtom(undefined, () => db.queries.get(rewardKey(pagamentoId)).then((row) => row?.reward)),
  );
}

const rewardMetaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

export function rewardMetaAtom(pagamentoId: string): Atom<SyncMeta | undefined | Pending> {
  return cachedAtom(rewardMetaAtoms, pagamentoId, () => liveAtom(() => db.syncMeta.get(rewardMetaKey(pagamentoId))));
}

export const loadRewardsAtom = atom(null, async (_get, _set, input: { lista: RewardListName; more?: boolean; force?: boolean }) =>
  (await loadSync()).loadRewards(db, input),
);

export const refreshRewardAtom = atom(null, async (_get, _set, pagamentoId: string) => (await loadSync()).refreshReward(db, pagamentoId));

export interface RewardRequest {
  /** The recipient's user id or nomeUsuario. */
  destinatario: string;
  valor: number;
  mensagem: string | null;
  fichaId: string | null;
  idempotencyKey: string;
}

/** Starts a reward: its payment to open in the EMIS frame, or the server's refusal, or no network. */
export const sendRewardAtom = atom(null, async (_get, _set, input: RewardRequest) => (await loadSync()).sendReward(db, input));

/** How a reward's payment stands (the frame asks while it is open); a paid or cancelled one is fetched again. */
export const checkRewardPaymentAtom = atom(null, async (_get, _set, paymentId: string) => (await loadSync()).checkRewardPayment(db, paymentId));

/** A fresh key for one try at sending a reward (DESIGN §4 Idempotency-Key). */
export function newRewardKey(): string {
  return `recompensa:${crypto.randomUUID()}`;
}
