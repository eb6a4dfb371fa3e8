import { z } from 'zod';
import { PublicUserSchema } from './auth.ts';

// Rewards sent, received and refunded (SPEC §2 /dashboard/recompensas/…; docs/api/social.md).

export const REWARD_STATES = ['pendente', 'confirmado', 'concluido', 'cancelado', 'rejeitado', 'reembolsado'] as const;
export const RewardStateSchema = z.enum(REWARD_STATES);

export const RewardSchema = z.object({
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
});
export type Reward = z.infer<typeof RewardSchema>;

export const RewardListResponseSchema = z.object({ status: z.string(), message: z.string(), recompensas: z.array(RewardSchema) });
export const RewardResponseSchema = z.object({ status: z.string(), message: z.string(), recompensa: RewardSchema });
