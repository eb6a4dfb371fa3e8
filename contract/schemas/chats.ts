import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { freeText } from '../text.ts';
import { PublicUserSchema } from './auth.ts';
import { MensagemSignalSchema, RecursoSignalSchema } from './signals.ts';

// Conversations and the messages of conversations, groups and rooms (SPEC §3 Conversation, §7; docs/api/social.md).

export const MESSAGE_MAX_CHARS = 2000;
export const MESSAGE_MAX_IMAGES = 2;
export const LIST_PAGE_DEFAULT = 50;
export const LIST_PAGE_MAX = 250;

const positiveInt = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d{0,9}$/)
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : Number(value)))
    .pipe(z.number().int().min(1).max(max));

/** `pageNumber` (1-based) and `size` (default 50, max 250) of every list (DESIGN §6). */
export const PageQuerySchema = lazySchema(() => z.object({
  pageNumber: positiveInt(1, 1_000_000),
  size: positiveInt(LIST_PAGE_DEFAULT, LIST_PAGE_MAX),
}));
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Messages: newest first, either by page or after a cursor (`before` = the id of the oldest message already held). */
export const MessagePageQuerySchema = lazySchema(() => PageQuerySchema.extend({ before: z.string().min(1).max(100).optional() }));

/** What a message or a notification is about: a shared slip. */
export const RecursoSchema = lazySchema(() => RecursoSignalSchema);
export type Recurso = z.infer<typeof RecursoSchema>;

/** A message as the API lists it: the live signal's shape, with `recurso` always present (null when none). */
export const MensagemSchema = lazySchema(() => MensagemSignalSchema.extend({ recurso: RecursoSchema.nullable() }));
export type Mensagem = z.infer<typeof MensagemSchema>;

export const MessageListResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  mensagens: z.array(MensagemSchema),
  /** Pass as `before` for the next (older) page; null when there is nothing older. */
  nextBefore: z.string().nullable(),
}));
export type MessageListResponse = z.infer<typeof MessageListResponseSchema>;

/** POST …/mensagens: text up to 2000 characters and up to 2 image data URLs of at most 1,000,000 bytes each. */
export const SendMessageRequestSchema = lazySchema(() => z.object({
  mensagem: freeText(100_000).optional().default(''),
  imagens: z.array(z.string()).max(10).optional().default([]),
}));
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;

export const MessageResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), mensagem: MensagemSchema }));
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const LastSenderSchema = lazySchema(() => z.object({ id: z.string(), nome: z.string() }));

export const ConversationSchema = lazySchema(() => z.object({
  id: z.string(),
  primeiroUsuario: PublicUserSchema,
  segundoUsuario: PublicUserSchema,
  /** The caller has unread messages here. */
  novaMensagem: z.boolean(),
  lastSender: LastSenderSchema.nullable(),
  lastMessageAt: z.string().nullable(),
  /** Preview of the last message and the caller's unread count in this conversation. */
  lastMessage: z.object({ message: z.string(), count: z.number().int() }),
  createdAt: z.string(),
}));
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  conversas: z.array(ConversationSchema),
}));

export const ConversationResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), conversa: ConversationSchema }));

/** GET …/conversas/setUnreadMessageToFalse[?conversaId=]: how many conversations were marked read. */
export const MarkConversationsReadResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  actualizadas: z.number().int(),
}));

/** shareToChat / shareToGroup / shareToRoom query (SPEC §7 Sharing). */
export const ShareQuerySchema = lazySchema(() => z.object({
  resourceType: z.literal('ficha'),
  resourceId: z.string().min(1).max(100),
}));
