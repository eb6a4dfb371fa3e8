import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';

// The kinds and the link rule have no schema: they live in contract/notification-kinds.ts (no zod), so the app's
// start-up code can word and route notifications without loading zod.
export { NOTIFICATION_TIPO, notificationLink } from '../notification-kinds.ts';

// What a notification is about, shared by the server (which writes it), the live signal and push (which carry
// it), the service worker (which stores it and opens its screen) and the app (which words it in its language).


export const OutcomeSchema = lazySchema(() => z.enum(['won', 'failed', 'void']));

/** The licence change a `licenca` notification tells of. */
export const LicenceChangeSchema = lazySchema(() => z.enum(['expirada', 'renovada', 'aprovada', 'recusada', 'bloqueada', 'desbloqueada']));
export type LicenceChange = z.infer<typeof LicenceChangeSchema>;

export const InvitationStateSchema = lazySchema(() => z.enum(['pendente', 'aceite', 'ignorado']));
export type InvitationState = z.infer<typeof InvitationStateSchema>;

/**
 * The facts of a notification (all optional; unknown fields kept, so an older app reads a newer server's). A
 * notification without them is worded by its `mensagem`.
 */
export const NotificationDataSchema = lazySchema(() => z
  .object({
    /** The leg's number in its slip, from 1. */
    posicao: z.number().int().positive(),
    /** The leg's or the slip's result. */
    estado: OutcomeSchema,
    /** A settled slip's return in Kz (0 when lost; the stake when void). */
    retorno: z.number().nonnegative(),
    eventoId: z.string().max(100),
    casa: z.string().max(100),
    fora: z.string().max(100),
    golosCasa: z.number().int().nonnegative().nullable(),
    golosFora: z.number().int().nonnegative().nullable(),
    licenca: LicenceChangeSchema,
    /** A reward's amount in Kz. */
    valor: z.number().nonnegative(),
    /** A group's name as it was when the notification was written (an invitation's, a subscription's). */
    grupo: z.string().max(100),
    /** When a group subscription ends (an ISO moment): the app writes the date in its reader's language. */
    ate: z.string().max(40),
    /** Whole days left before a group subscription ends (a subscription about to end). */
    dias: z.number().int().nonnegative(),
    /** The group's limit of users a refused subscription hit. */
    limite: z.number().int().positive(),
    /** Where a group invitation stands: waiting for an answer, accepted or ignored. */
    convite: InvitationStateSchema,
  })
  .partial()
  .loose());
export type NotificationData = z.infer<typeof NotificationDataSchema>;

export const NotificationRecursoSchema = lazySchema(() => z.object({ tipo: z.string(), id: z.string() }));
