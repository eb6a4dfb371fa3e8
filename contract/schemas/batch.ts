import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';

/** POST /api/client/common/lote: several outbox entries in one request, applied in order (DESIGN §4, §10). */
export const BATCH_MAX_ITEMS = 25;

export const BatchItemSchema = lazySchema(() => z.object({
  method: z.enum(['GET', 'POST', 'PATCH', 'DELETE']),
  /** A client API path (with its query), e.g. /api/client/common/conversas/{id}/mensagens. */
  path: z.string().min(1).max(2000).regex(/^\/api\/client\//),
  body: z.unknown().optional(),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9:_.-]{1,200}$/),
}));
export type BatchItem = z.infer<typeof BatchItemSchema>;

export const BatchRequestSchema = lazySchema(() => z.object({ pedidos: z.array(BatchItemSchema).min(1).max(BATCH_MAX_ITEMS) }));
export type BatchRequest = z.infer<typeof BatchRequestSchema>;

export const BatchResultSchema = lazySchema(() => z.object({
  status: z.number().int(),
  body: z.unknown(),
  /** The item's answer came from the idempotency store (its key was seen before). */
  replayed: z.boolean().optional(),
}));
export const BatchResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  /** One result per item the server reached, in order; it stops after the first one that must be retried. */
  respostas: z.array(BatchResultSchema),
}));
export type BatchResponse = z.infer<typeof BatchResponseSchema>;
