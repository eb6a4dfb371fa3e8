import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { RecursoSchema } from './chats.ts';
import { NotificationDataSchema } from './notification-data.ts';
import { SignalSenderSchema } from './signals.ts';

// The notifications list (SPEC §2 /dashboard/notifications; docs/api/social.md).

export const NotificationSchema = lazySchema(() => z.object({
  id: z.string(),
  tipo: z.string(),
  mensagem: z.string(),
  pagamentoId: z.string().nullable(),
  sender: SignalSenderSchema.nullable(),
  recurso: z.object({ tipo: z.string(), id: z.string() }).nullable(),
  lida: z.boolean(),
  createdAt: z.string(),
  /** The facts the app words it from (added; absent on older notifications). */
  dados: NotificationDataSchema.nullish(),
}));
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  notificacoes: z.array(NotificationSchema),
  nextBefore: z.string().nullable(),
}));

/** POST /api/client/common/notificacoes/marcarLidas: the given ids, or all when `ids` is absent. */
export const MarkNotificationsReadRequestSchema = lazySchema(() => z.object({ ids: z.array(z.string().max(100)).max(250).optional() }));

export const MarkNotificationsReadResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  actualizadas: z.number().int(),
}));

export { RecursoSchema };
