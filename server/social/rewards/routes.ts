import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { MSG } from '../../../contract/messages.ts';
import { RewardListResponseSchema, RewardResponseSchema, type Reward } from '../../../contract/schemas/rewards.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Database, RecompensasTable } from '../../db/schema.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { readPage } from '../shared/request.ts';
import { loadUsers, missingUser, toPublic, type UserCard } from '../shared/users.ts';

export type RewardList = 'enviadas' | 'recebidas' | 'reembolsados';

function rewardOf(row: RecompensasTable, users: ReadonlyMap<string, UserCard>): Reward {
  return {
    id: row.id,
    pagamentoId: row.pagamento_id,
    valor: row.valor,
    estado: row.estado,
    mensagem: row.mensagem,
    remetente: toPublic(users.get(row.remetente_id) ?? missingUser(row.remetente_id)),
    destinatario: toPublic(users.get(row.destinatario_id) ?? missingUser(row.destinatario_id)),
    ficha: row.ficha_id ? { id: row.ficha_id } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function toRewards(db: Kysely<Database>, rows: readonly RecompensasTable[]): Promise<Reward[]> {
  const users = await loadUsers(
    db,
    rows.flatMap((r) => [r.remetente_id, r.destinatario_id]),
  );
  return rows.map((row) => rewardOf(row, users));
}

/**
 * GET /api/client/common/recompensas/enviadas|recebidas|reembolsados?pageNumber&size → recompensas, newest first.
 * enviadas: what the user sent (every state); recebidas: what others sent them, refunds excluded; reembolsados:
 * what the user sent and got back.
 */
export function listRewards(list: RewardList) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const page = readPage(c);
    if (!page.ok) return page.response;
    const db = c.get('db');
    const me = c.get('user').id;
    let query = db.selectFrom('recompensas').selectAll();
    if (list === 'enviadas') query = query.where('remetente_id', '=', me);
    if (list === 'recebidas') query = query.where('destinatario_id', '=', me).where('estado', '!=', 'reembolsado');
    if (list === 'reembolsados') query = query.where('remetente_id', '=', me).where('estado', '=', 'reembolsado');
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
  const users = await loadUsers(db, [row.remetente_id, row.destinatario_id]);
  return answer(c, RewardResponseSchema, { recompensa: rewardOf(row, users) });
}
