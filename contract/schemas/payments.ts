import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';

// Payments through the (simulated) EMIS gateway (docs/api/betting.md).

export const PaymentStateSchema = lazySchema(() => z.enum(['pendente', 'concluido', 'cancelado', 'expirado']));
export type PaymentState = z.infer<typeof PaymentStateSchema>;

/**
 * A Multicaixa reference (PAYMENTS=proxypay): what the payer types at an ATM or in their bank's app (entity,
 * reference and amount in Kz), until `expiraEm` (ISO).
 */
export const ReferenciaMulticaixaSchema = lazySchema(() =>
  z.object({ entidade: z.string(), referencia: z.string(), valor: z.number(), expiraEm: z.string() }),
);
export type ReferenciaMulticaixa = z.infer<typeof ReferenciaMulticaixaSchema>;

export const PagamentoSchema = lazySchema(() => z.object({
  id: z.string(),
  /** What is being paid for: 'licenca', 'grupo', … (registered purposes). */
  finalidade: z.string(),
  descricao: z.string(),
  valor: z.number(),
  estado: PaymentStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only for a payment by Multicaixa reference: paid outside the app, so the app shows it in place of the frame. */
  multicaixa: ReferenciaMulticaixaSchema.optional(),
  /** Only for a group plan's payment: the group, so its paywall shows the payment. */
  grupoId: z.string().optional(),
}));
export type Pagamento = z.infer<typeof PagamentoSchema>;

/** GET /api/client/common/pagamentos: the caller's latest payments, newest first (PAYMENT_LIST_SIZE at most). */
export const PaymentListResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string().optional(), pagamentos: z.array(PagamentoSchema) }));
export type PaymentListResponse = z.infer<typeof PaymentListResponseSchema>;

/** How many of a user's latest payments the list gives: enough for a pending one to be found again. */
export const PAYMENT_LIST_SIZE = 20;

/**
 * POST /api/client/public/pagamentos/emis/{id}/confirmar|cancelar with Accept: application/json, and
 * GET /api/client/common/pagamentos/{id} (the state of one of the caller's payments).
 */
export const PaymentResultResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), pagamento: PagamentoSchema }));
export type PaymentResultResponse = z.infer<typeof PaymentResultResponseSchema>;

/** What a payment gateway's callback is answered (EMIS GPO reads the status; the body says no more). */
export const GatewayCallbackResponseSchema = lazySchema(() => z.object({ ok: z.boolean() }));
