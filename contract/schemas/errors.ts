import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { PagamentoSchema } from './payments.ts';
import { SelectionSchema } from './slips.ts';

/**
 * Every refusal of the API (DESIGN §6): the envelope with status 'error' and the spec's message, plus what some
 * refusals add for the app to act on. The server builds every error answer from this type.
 */
export const ErrorResponseSchema = lazySchema(() => z.object({
  status: z.literal('error'),
  message: z.string(),
  /** What was refused, where the app reacts to it: 'subscricao', 'grupo', 'codigo', 'comprovativo'. */
  tipo: z.string().optional(),
  /** The private group a 'grupo' refusal is about (the app offers its plans). */
  grupoId: z.string().optional(),
  /** Why a share failed: the message the slip's own call would have given. */
  motivo: z.string().optional(),
  /** A refused slip's selections as they are now (SlipRefusalSchema). */
  ficha: z.array(SelectionSchema).optional(),
  /**
   * A form's refusal that names its fields: every broken rule at once, field -> the spec's message (sign-up);
   * `message` is the first of them, in the form's order.
   */
  campos: z.record(z.string(), z.string()).optional(),
  /** A payment that can no longer be confirmed or cancelled, as it now is. */
  pagamento: PagamentoSchema.optional(),
}));

/** What a refusal may add to status and message. */
export type ErrorDetails = Omit<z.input<typeof ErrorResponseSchema>, 'status' | 'message'>;
