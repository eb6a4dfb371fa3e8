import type { Kysely } from 'kysely';
import type { Reward } from '../../../contract/schemas/rewards.ts';
import type { Database, RecompensasTable } from '../../db/schema.ts';
import { loadUsers, missingUser, toPublic, type UserCard } from '../shared/users.ts';

/** The payment purpose of a reward (server/payments/purposes.ts). */
export const REWARD_PAYMENT_KIND = 'recompensa';

export type RewardRow = Omit<RecompensasTable, 'seq'> & { seq?: number };

export function rewardOf(row: RewardRow, users: ReadonlyMap<string, UserCard>): Reward {
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

export async function toRewards(db: Kysely<Database>, rows: readonly RewardRow[]): Promise<Reward[]> {
  const users = await loadUsers(
    db,
    rows.flatMap((r) => [r.remetente_id, r.destinatario_id]),
  );
  return rows.map((row) => rewardOf(row, users));
}
