import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';

/** GET /api/client/public/estado: whether the server is in maintenance (the app then shows 'Em manutenção'). */
export const EstadoResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  manutencao: z.boolean(),
}));
export type EstadoResponse = z.infer<typeof EstadoResponseSchema>;
