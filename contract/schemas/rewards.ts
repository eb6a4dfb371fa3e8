import { RespostaEmisSchema } from './licence.ts';
import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { PublicUserSchema } from './auth.ts';

// Rewards sent, received and refunded (SPEC §2 /dashboard/recompensas/…; docs/api/social.md).

export const REWARD_STATES = ['pendente', 'confirmado', 'concluido', 'cancelado', 'rejeitado', 'reembolsado'] as const;
export const RewardStateSchema = lazySchema(() => z.enum(REWARD_STATES));

export const RewardSchema = lazySchema(() => z.object({
  id: z.string(),
  /** The payment behind the reward; the detail routes take it. */
  pagamentoId: z.string(),
  valor: z.number(),
  estado: RewardStateSchema,
  mensagem: z.string().nullable(),
  remetente: PublicUserSchema,
  destinatario: PublicUserSchema,
  ficha: z.object({ id: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}));
export type Reward = z.infer<typeof RewardSchema>;

export const RewardListResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), recompensas: z.array(RewardSchema) }));
export const RewardResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), recompensa: RewardSchema }));

/** The smallest and largest reward in Kz (whole Kz; the smallest is the slip's minimum stake, SPEC §9). */
export const REWARD_MIN_KZ = 100;
export const REWARD_MAX_KZ = 1_000_000;
/** The longest message a reward carries, like a comment. */
export const REWARD_MESSAGE_MAX = 500;

/**
 * POST /api/client/common/recompensas: a reward to `destinatario` (their user id or nomeUsuario), optionally for one
 * of their slips. The shape only; the server checks the amount, the message's length and the slip, each with its
 * own message (contract/messages.ts).
 */
export const SendRewardRequestSchema = lazySchema(() => z.object({
  destinatario: z.string().min(1).max(100),
  valor: z.number(),
  mensagem: z.string().nullish(),
  fichaId: z.string().max(100).nullish(),
}));
export type SendRewardRequest = z.infer<typeof SendRewardRequestSchema>;

/** 201: the payment to open in the EMIS frame (SPEC §3 respostaEmis) and the reward, pendente until it is paid. */
export const SendRewardResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  respostaEmis: RespostaEmisSchema,
  recompensa: RewardSchema,
}));

/** Why a reward amount is refused, or null when it can be sent (the app checks before asking the server). */
export function rewardAmountProblem(valor: number): 'min' | 'max' | 'whole' | null {
  if (!Number.isFinite(valor) || valor < REWARD_MIN_KZ) return 'min';
  if (valor > REWARD_MAX_KZ) return 'max';
  if (!Number.isInteger(valor)) return 'whole';
  return null;
}
