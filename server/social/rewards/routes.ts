import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { RewardListResponseSchema, RewardResponseSchema } from '../../../contract/schemas/rewards.ts';
import type { AppEnv } from '../../hono-env.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { readPage } from '../shared/request.ts';
import { loadUsers } from '../shared/users.ts';
import { rewardOf, toRewards } from './reward-row.ts';

export type RewardList = 'enviadas' | 'recebidas' | 'reembolsados';

const RECEIVED_STATES = ['confirmado', 'concluido'] as const;
const REFUNDED_STATES = ['cancelado', 'rejeitado', 'reembolsado'] as const;

/**
 * GET /api/client/common/recompensas/enviadas|recebidas|reembolsados?pageNumber&size → recompensas, newest first.
 * enviadas: what the user sent (every state); recebidas: what others sent them and paid (confirmado, concluido:
 * an unpaid or refunded reward was never theirs); reembolsados: what the user sent and got back or is getting back
 * (cancelado, rejeitado, reembolsado).
 */
export function listRewards(list: RewardList) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const page = readPage(c);
    if (!page.ok) return page.response;
    const db = c.get('db');
    const me = c.get('user').id;
    let query = db.selectFrom('recompensas').selectAll();
    if (list === 'enviadas') query = query.where('remetente_id', '=', me);
    if (list === 'recebidas') query = query.where('destinatario_id', '=', me).where('estado', 'in', RECEIVED_STATES);
    if (list === 'reembolsados') query = query.where('remetente_id', '=', me).where('estado', 'in', REFUNDED_STATES);
    const rows = await query.orderBy('seq', 'desc').limit(page.data.size).offset(page.data.offset).execute();
    return answer(c, RewardListResponseSchema, { recompensas: await toRewards(db, rows) });
  };
}

/** GET /api/client/common/recompensas/{lista}/{pagamentoId} and /recompensas/{pagamentoId} → recompensa. */
export async function getReward(c: Context<AppEnv>): Promise<Response> {
  const pagamentoId = c.req.param('pagamentoId') ?? '';
  if (!pagamentoId || pagamentoId.length > 100) return jsonError(c, 404, MSG.notFound);
  const db = c.get('db');
  const row = await db.selectFrom('recompensas').selectAll().where('pagamento_id', '=', pagamentoId).executeTakeFirst();
  if (!row) return jsonError(c, 404, MSG.notFound);
  const me = c.get('user').id;
  if (row.remetente_id !== me && row.destinatario_id !== me) return jsonError(c, 403, MSG.forbidden);
  // Until it is paid a reward is only the sender's intent: the recipient gets the answer of a reward that never was,
  // and learns neither its amount nor its message (once paid it is theirs; refunded, they may see it went back).
  if (row.remetente_id !== me && row.estado === 'pendente') return jsonError(c, 404, MSG.notFound);
  const users = await loadUsers(db, [row.remetente_id, row.destinatario_id]);
  return answer(c, RewardResponseSchema, { recompensa: rewardOf(row, users) });
}
