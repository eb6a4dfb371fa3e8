import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { NotificationDataSchema, NotificationRecursoSchema } from './notification-data.ts';

// Live signals (SPEC §3, §7): event `novoSinal` on `presence-{userId}` carries {sinal: {mensagem | notificacao}}.

export const COUNTER_NAMES = [
  'newMessage',
  'newGroupMessage',
  'newGroupSubscription',
  'newGroupSubscriber',
  'newNotification',
  'newFichaUpdate',
  'newReportMade',
  'newReportAgainst',
  'newPaymentMade',
  'newPaymentReceived',
  'newLicenceNotification',
  'newWalletEvent',
] as const;
export const CounterNameSchema = lazySchema(() => z.enum(COUNTER_NAMES));
export type CounterName = z.infer<typeof CounterNameSchema>;

export const SignalSenderSchema = lazySchema(() => z.object({
  id: z.string(),
  nome: z.string(),
  nomeUsuario: z.string(),
  fotografia: z.string().nullable(),
}));
export type SignalSender = z.infer<typeof SignalSenderSchema>;

export const ChatTypeSchema = lazySchema(() => z.enum(['conversa', 'grupo', 'sala']));
export type ChatType = z.infer<typeof ChatTypeSchema>;

export const RecursoSignalSchema = lazySchema(() => z.object({ tipo: z.literal('ficha'), id: z.string() }));

export const MensagemSignalSchema = lazySchema(() => z.object({
  id: z.string(),
  chatType: ChatTypeSchema,
  /** Conversation id, group id or room id. */
  chatId: z.string(),
  sender: SignalSenderSchema,
  mensagem: z.string(),
  imagens: z.array(z.object({ url: z.string() })),
  /** A shared slip travels with its message, so the chat can show it without a refetch. */
  recurso: RecursoSignalSchema.nullish(),
  createdAt: z.string(),
}));
export type MensagemSignal = z.infer<typeof MensagemSignalSchema>;

export const NotificacaoSignalSchema = lazySchema(() => z.object({
  id: z.string(),
  tipo: z.string(),
  mensagem: z.string(),
  pagamentoId: z.string().nullable(),
  sender: SignalSenderSchema.nullable(),
  /** The unread counter this notification raised, so the app can bump it without a refresh. */
  counter: CounterNameSchema.nullable(),
  createdAt: z.string(),
  /** What it concerns (a slip, a group), so a tap opens it; absent from older servers. */
  recurso: NotificationRecursoSchema.nullish(),
  /** Its facts (NotificationDataSchema), so the app words it in its language. */
  dados: NotificationDataSchema.nullish(),
}));
export type NotificacaoSignal = z.infer<typeof NotificacaoSignalSchema>;

export const SinalSchema = lazySchema(() => z.union([
  z.object({ mensagem: MensagemSignalSchema }),
  z.object({ notificacao: NotificacaoSignalSchema }),
]));
export type Sinal = z.infer<typeof SinalSchema>;

export const NovoSinalEventSchema = lazySchema(() => z.object({ sinal: SinalSchema }));
