import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { ReferenciaMulticaixaSchema } from './payments.ts';

// The subscription (licenca) and its payment requests (SPEC §3, §4, §7, §9; docs/api/betting.md).

export const LicenceStateSchema = lazySchema(() => z.enum(['pendente', 'habilitada', 'expirada', 'bloqueada']));
export type LicenceState = z.infer<typeof LicenceStateSchema>;

export const LICENCE_PLANS = ['mensal', 'trimestral', 'anual'] as const;
export const LicencePlanSchema = lazySchema(() => z.enum(LICENCE_PLANS));
export type LicencePlan = z.infer<typeof LicencePlanSchema>;

export const LicencaSchema = lazySchema(() => z.object({
  id: z.string(),
  usuario: z.object({ id: z.string(), nomeUsuario: z.string() }),
  estado: LicenceStateSchema,
  /** experimental (the sign-up trial), mensal, trimestral or anual. */
  tipo: z.string(),
  expiraEm: z.string().nullable(),
  /** Expiry within 3 days and not yet past (SPEC §4). */
  isExpiring: z.boolean(),
  transferencia: z.object({
    /** Payment-proof images (data URLs) sent with the activation request; read-only once sent. */
    comprovativo: z.array(z.string()),
    /** When the activation was requested; null when no request is waiting. */
    solicitacao: z.string().nullable(),
  }),
}));
export type Licenca = z.infer<typeof LicencaSchema>;

export const LicencaResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), licenca: LicencaSchema }));
export type LicencaResponse = z.infer<typeof LicencaResponseSchema>;

/**
 * What renovarLicenca, comprarLicenca, the group subscription and a reward answer, SPEC §3 respostaEmis: `id` is what
 * the gateway gave (our payment on the simulated page, EMIS GPO's frame token, ProxyPay's reference), `url` the
 * payment frame to open, `pagamentoId` our payment, whose state the app asks for. A payment by Multicaixa reference
 * carries `multicaixa` instead of a frame to pay in. Answers stored before real gateways carry only `id` (then also
 * the payment's id).
 */
export const RespostaEmisSchema = lazySchema(() =>
  z.object({ id: z.string(), url: z.string().optional(), pagamentoId: z.string().optional(), multicaixa: ReferenciaMulticaixaSchema.optional() }),
);
export const PaymentStartResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), respostaEmis: RespostaEmisSchema }));
export type PaymentStartResponse = z.infer<typeof PaymentStartResponseSchema>;

/** PATCH /api/client/common/licenca/solicitarActivacao: 1 to 2 image data URLs. */
export const ActivationRequestSchema = lazySchema(() => z.object({ comprovativo: z.array(z.string()).max(20) }));

/** Licence codes are 5 characters, uppercased (SPEC §5 "Promo code"). */
export const LicenceCodeSchema = lazySchema(() => z
  .string()
  .transform((code) => code.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{5}$/)));

/** PATCH /api/client/moderador/licencas/{id}: a moderator decides on an activation request or blocks a licence. */
export const LicenceDecisionSchema = lazySchema(() => z.discriminatedUnion('accao', [
  z.object({ accao: z.literal('aprovar'), plano: LicencePlanSchema }),
  z.object({ accao: z.literal('rejeitar') }),
  z.object({ accao: z.literal('bloquear') }),
  z.object({ accao: z.literal('desbloquear') }),
]));
export type LicenceDecision = z.infer<typeof LicenceDecisionSchema>;

export const LicenceRequestListResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  licencas: z.array(LicencaSchema),
}));
