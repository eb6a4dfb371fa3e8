import type { AppDb } from '../../db/app-db.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { call } from '../../api/http.ts';
import { fetchPayment } from '../../api/licence.ts';
import { startedPayment, type StartedPayment } from '../../lib/licence-rules.ts';
import type { PaymentState } from '../../../contract/schemas/payments.ts';
import { REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import {
  RewardListResponseSchema,
  RewardResponseSchema,
  SendRewardResponseSchema,
  type Reward,
} from '../../../contract/schemas/rewards.ts';
import { loadNextPage, refreshFirstPage, type PagedList, type PageOutcome } from '../pull/paged.ts';
import { markFailed, markRefreshed } from '../freshness.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { refreshPayments } from './payments.ts';
import { rewardKey, rewardListKey, rewardListMetaKey, rewardMetaKey, type RewardListName } from './reward-keys.ts';

// Rewards (SPEC §2 /dashboard/recompensas/…; docs/api/social.md "Rewards"). Each reward seen is a `queries` row of its
// own (`recompensa:{pagamentoId}`), and each list a row of pagamentoIds, so a reward changed in one place (paid in the
// payment frame) reads the same in every list and its page, offline too. Sending one needs the network (it opens a
// payment), so it is never queued: the call answers at once.

const R = '/api/client/common/recompensas';

async function storeReward(tx: StoreTables, reward: Reward): Promise<void> {
  await tx.queries.put({ key: rewardKey(reward.pagamentoId), ids: [], reward, refreshedAt: Date.now() });
}

function rewardList(lista: RewardListName): PagedList<Reward> {
  const key = rewardListKey(lista);
  return {
    resource: rewardListMetaKey(lista),
    fetchPage: async (page, size) => {
      const result = await call(`${R}/${lista}?pageNumber=${page}&size=${size}`, { schema: RewardListResponseSchema });
      return result.kind === 'ok' ? { ...result, data: result.data.recompensas } : result;
    },
    store: async (tx, rows, { replace }) => {
      for (const reward of rows) await storeReward(tx, reward);
      const before = replace ? [] : ((await tx.queries.get(key))?.ids ?? []);
      const ids = [...before, ...rows.map((row) => row.pagamentoId).filter((id) => !before.includes(id))];
      await tx.queries.put({ key, ids, refreshedAt: Date.now() });
    },
  };
}

/** A list's first page (when stale or forced), or its next page with `more`. */
export function loadRewards(db: AppDb, input: { lista: RewardListName; more?: boolean; force?: boolean }): Promise<PageOutcome> {
  const list = rewardList(input.lista);
  return input.more ? loadNextPage(db, list) : refreshFirstPage(db, list, { maxAgeMs: REFRESH_LISTS_MS, force: input.force });
}

export type RewardOutcome = 'loaded' | 'missing' | 'forbidden' | 'error';

/** GET recompensas/{pagamentoId} into its row: 'missing' (404) and 'forbidden' (403, not the caller's) are kept apart. */
export async function refreshReward(db: AppDb, pagamentoId: string): Promise<RewardOutcome> {
  const owner = await readMirrorOwner(db);
  const result = await call(`${R}/${encodeURIComponent(pagamentoId)}`, { schema: RewardResponseSchema });
  if (result.kind === 'http' && result.status === 404) return 'missing';
  if (result.kind === 'http' && result.status === 403) return 'forbidden';
  const stored = await writeForOwner(db, owner, async (tx) => {
    if (result.kind !== 'ok') return markFailed(tx, rewardMetaKey(pagamentoId), result.message);
    await storeReward(tx, result.data.recompensa);
    await markRefreshed(tx, rewardMetaKey(pagamentoId));
  });
  return stored && result.kind === 'ok' ? 'loaded' : 'error';
}

export type SendRewardOutcome =
  | ({ kind: 'ok'; reward: Reward } & StartedPayment)
  | { kind: 'refused'; message: string }
  | { kind: 'network'; message: string };

export interface SendRewardInput {
  destinatario: string;
  valor: number;
  mensagem: string | null;
  fichaId: string | null;
  /** One key per try the user makes, so a repeated request (a double tap, a retry after a lost answer) sends one reward. */
  idempotencyKey: string;
}

/**
 * POST recompensas: a pendente reward and the payment to open in the EMIS frame. The reward is stored at once at the
 * top of the sent list, so the list shows it while it is being paid.
 */
export async function sendReward(db: AppDb, input: SendRewardInput): Promise<SendRewardOutcome> {
  const owner = await readMirrorOwner(db);
  const { idempotencyKey, ...body } = input;
  const result = await call(R, {
    method: 'post',
    json: body,
    schema: SendRewardResponseSchema,
    expect: 201,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (result.kind === 'network') return { kind: 'network', message: result.message };
  if (result.kind !== 'ok') return { kind: 'refused', message: result.message };
  const reward = result.data.recompensa;
  await writeForOwner(db, owner, async (tx) => {
    await storeReward(tx, reward);
    const key = rewardListKey('enviadas');
    const list = await tx.queries.get(key);
    if (list) await tx.queries.put({ ...list, ids: [reward.pagamentoId, ...list.ids.filter((id) => id !== reward.pagamentoId)] });
  });
  return { kind: 'ok', ...startedPayment(result.data.respostaEmis), reward };
}

/**
 * How a reward's payment stands; once it ended (paid or cancelled) the reward is fetched again, so every list and
 * its page show its new state without a reload.
 */
export async function checkRewardPayment(db: AppDb, paymentId: string): Promise<PaymentState | null> {
  const result = await fetchPayment(paymentId);
  if (result.kind !== 'ok') return null;
  const estado = result.data.pagamento.estado;
  if (estado !== 'pendente') await Promise.all([refreshReward(db, paymentId), refreshPayments(db, { force: true })]);
  // A refunded reward joins the refunded list.
  if (estado === 'cancelado' || estado === 'expirado') await loadRewards(db, { lista: 'reembolsados', force: true });
  return estado;
}
