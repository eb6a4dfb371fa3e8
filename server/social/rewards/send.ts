import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { normalizeUsername } from '../../../contract/normalize.ts';
import {
  REWARD_MESSAGE_MAX,
  RewardSchema,
  SendRewardRequestSchema,
  SendRewardResponseSchema,
  rewardAmountProblem,
} from '../../../contract/schemas/rewards.ts';
import type { AppEnv } from '../../hono-env.ts';
import { LIST, nextListPlace } from '../../db/list-place.ts';
import { idempotent, ok, refuse, type Trx } from '../../idempotency/idempotent.ts';
import { newId } from '../../lib/ids.ts';
import { createPayment, paymentStep } from '../../payments/gateway.ts';
import { jsonError, requestHost } from '../../lib/http.ts';
import { brandForHost } from '../../../contract/brands.ts';
import { readJson, isId } from '../shared/request.ts';
import { findUserByName, loadUser, loadUsers, type UserCard } from '../shared/users.ts';
import { REWARD_PAYMENT_KIND, rewardOf } from './reward-row.ts';
import { rewardDescription } from '../../payments/descriptions.ts';

const AMOUNT_MESSAGE = { min: MSG.rewardMin, max: MSG.rewardMax, whole: MSG.rewardWhole } as const;

/** The recipient by user id or by nomeUsuario (either may be given). */
async function findRecipient(trx: Trx, destinatario: string): Promise<UserCard | undefined> {
  if (isId(destinatario)) {
    const byId = await loadUser(trx, destinatario);
    if (byId) return byId;
  }
  return findUserByName(trx, normalizeUsername(destinatario));
}

/**
 * POST /api/client/common/recompensas {destinatario, valor, mensagem?, fichaId?} → 201 {respostaEmis: {id},
 * recompensa}: a pendente reward and its payment (purpose 'recompensa') through the gateway, in one transaction, so
 * both exist exactly when the call succeeded. Idempotent by Idempotency-Key. The reward moves on when the payment is
 * confirmed or cancelled (reward-purpose.ts).
 */
export async function sendReward(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, SendRewardRequestSchema);
  if (!body.ok) return body.response;
  const { destinatario, valor } = body.data;
  const problem = rewardAmountProblem(valor);
  if (problem) return jsonError(c, 400, AMOUNT_MESSAGE[problem]);
  const mensagem = body.data.mensagem?.trim() || null;
  if (mensagem && [...mensagem].length > REWARD_MESSAGE_MAX) return jsonError(c, 400, MSG.rewardMessageLength);
  const fichaId = body.data.fichaId ?? null;
  const me = c.get('user').id;
  const payment = paymentStep(c, MSG.rewardPaymentFailed);

  return idempotent(c, async (trx) => {
    const recipient = await findRecipient(trx, destinatario);
    if (!recipient) return refuse(404, MSG.rewardRecipientMissing);
    if (recipient.id === me) return refuse(400, MSG.rewardSelf);
    if (fichaId !== null) {
      const slip = isId(fichaId) ? await trx.selectFrom('fichas').select('usuario_id').where('id', '=', fichaId).executeTakeFirst() : undefined;
      if (slip?.usuario_id !== recipient.id) return refuse(400, MSG.rewardSlipNotRecipient);
    }
    const id = newId();
    const begun = payment.begun(valor);
    if (!begun) return refuse(409, MSG.rewardPaymentFailed);
    const started = await createPayment(trx, begun, {
      userId: me,
      purpose: {
        kind: REWARD_PAYMENT_KIND,
        description: rewardDescription(brandForHost(requestHost(c)).locale, recipient.nomeUsuario),
        details: { recompensaId: id },
      },
      amount: valor,
    });
    const { seq, createdAt } = await nextListPlace(trx, LIST.rewards, new Date());
    const row = {
      id,
      pagamento_id: started.pagamentoId,
      remetente_id: me,
      destinatario_id: recipient.id,
      valor,
      estado: 'pendente' as const,
      mensagem,
      ficha_id: fichaId,
      created_at: createdAt,
      seq,
      updated_at: createdAt,
    };
    await trx.insertInto('recompensas').values(row).execute();
    const users = await loadUsers(trx, [me, recipient.id]);
    const recompensa = RewardSchema.parse(rewardOf(row, users));
    return ok(SendRewardResponseSchema, { message: MSG.rewardStarted, respostaEmis: started, recompensa }, 201);
  }, { prepare: payment.prepare(() => valor) });
}
