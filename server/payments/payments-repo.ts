import type { Kysely } from 'kysely';
import type { Pagamento } from '../../contract/schemas/payments.ts';
import type { Database, PagamentosTable } from '../db/schema.ts';

export type PaymentRow = PagamentosTable;

export async function findPayment(q: Kysely<Database>, id: string): Promise<PaymentRow | undefined> {
  return q.selectFrom('pagamentos').selectAll().where('id', '=', id).executeTakeFirst();
}

export function parseDetails(row: PaymentRow): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(row.detalhes);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function toPagamento(row: PaymentRow): Pagamento {
  const grupoId = row.finalidade === 'grupo' ? parseDetails(row).grupoId : undefined;
  return {
    id: row.id,
    finalidade: row.finalidade,
    descricao: row.descricao,
    valor: row.valor,
    estado: row.estado === 'cancelado' && row.fim === 'expirado' ? 'expirado' : row.estado,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.gateway === 'proxypay' && row.entidade && row.referencia && row.expira_em
      ? { multicaixa: { entidade: row.entidade, referencia: row.referencia, valor: row.valor, expiraEm: row.expira_em } }
      : {}),
    ...(typeof grupoId === 'string' ? { grupoId } : {}),
  };
}
