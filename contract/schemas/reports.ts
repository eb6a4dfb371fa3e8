import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { MSG, SUSPENDED_PREFIX } from '../messages.ts';
import { freeText } from '../text.ts';
import { PublicUserSchema } from './auth.ts';
import { MensagemSchema } from './chats.ts';

// Reports (denúncias) and the moderator's decisions (docs/api/social.md "Reports"; SPEC §3 report states).

/** What can be reported: a message (of any chat), a slip or a user. */
export const REPORT_TARGETS = ['mensagem', 'ficha', 'usuario'] as const;
export const ReportTargetSchema = lazySchema(() => z.enum(REPORT_TARGETS));
export type ReportTarget = z.infer<typeof ReportTargetSchema>;

/** pendente → emCurso → concluida | cancelada (a pending one may also be decided at once). */
export const REPORT_STATES = ['pendente', 'emCurso', 'concluida', 'cancelada'] as const;
export const ReportStateSchema = lazySchema(() => z.enum(REPORT_STATES));
export type ReportState = z.infer<typeof ReportStateSchema>;

/** What a concluded report did: nothing, the content removed, or its author suspended for `dias` days. */
export const REPORT_ACTIONS = ['ignorar', 'remover', 'suspender'] as const;
export const ReportActionSchema = lazySchema(() => z.enum(REPORT_ACTIONS));
export type ReportAction = z.infer<typeof ReportActionSchema>;

export const REPORT_REASON_MAX = 500;
export const SUSPENSION_MAX_DAYS = 365;

/** The Portuguese refusals of reports (server answers; the app shows them through translateServerMessage's fallback). */
export const REPORT_MSG = {
  reasonRequired: MSG.reportReasonRequired,
  reasonTooLong: MSG.reportReasonTooLong,
  selfReport: MSG.reportSelf,
  alreadyDecided: MSG.reportDecided,
  actionRequired: MSG.reportActionRequired,
  cannotRemoveUser: MSG.reportCannotRemoveUser,
  suspensionDays: MSG.reportSuspensionDays,
  reported: MSG.reportSent,
  reviewed: MSG.reportReviewed,
  reportAgainst: MSG.reportAgainst,
  messageRemoved: MSG.reportMessageRemoved,
  /** Followed by the date; the app words the whole message in its language (src/i18n/server-message.ts). */
  suspendedPrefix: SUSPENDED_PREFIX,
} as const;

/** POST /api/client/common/denuncias. `motivo` is checked by the server for its own message. */
export const CreateReportRequestSchema = lazySchema(() => z.object({
  tipo: ReportTargetSchema,
  id: z.string().min(1).max(100),
  motivo: freeText(10_000).optional().default(''),
}));
export type CreateReportRequest = z.input<typeof CreateReportRequestSchema>;

/** PATCH /api/client/moderador/denuncias/{id}. */
export const DecideReportRequestSchema = lazySchema(() => z.object({
  estado: z.enum(['emCurso', 'concluida', 'cancelada']),
  accao: ReportActionSchema.optional(),
  dias: z.number().int().optional(),
}));
export type DecideReportRequest = z.input<typeof DecideReportRequestSchema>;

export const ReportListQuerySchema = lazySchema(() => z.object({
  estado: ReportStateSchema.optional(),
}));

/** Where a reported message was written. */
export const ReportChatSchema = lazySchema(() => z.object({
  tipo: z.enum(['conversa', 'grupo', 'sala']),
  id: z.string(),
  /** The group's or room's name; null for a conversation. */
  nome: z.string().nullable(),
}));

export const DenunciaSchema = lazySchema(() => z.object({
  id: z.string(),
  tipo: ReportTargetSchema,
  alvoId: z.string(),
  motivo: z.string(),
  estado: ReportStateSchema,
  accao: ReportActionSchema.nullable(),
  /** Until when the reported user is suspended by this report's decision. */
  suspensoAte: z.string().nullable(),
  denunciante: PublicUserSchema,
  /** The user the report is about: the author of the message or slip, or the user reported. */
  denunciado: PublicUserSchema.nullable(),
  /** What the target said when it was reported (a message's text, the slip's id, the user's handle). */
  conteudo: z.string(),
  chat: ReportChatSchema.nullable(),
  moderador: PublicUserSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}));
export type Denuncia = z.infer<typeof DenunciaSchema>;

export const ReportResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  denuncia: DenunciaSchema,
}));
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

export const ReportListResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  denuncias: z.array(DenunciaSchema),
}));
export type ReportListResponse = z.infer<typeof ReportListResponseSchema>;

/** GET /api/client/moderador/denuncias/{id}: the report and, for a message, it and up to 3 either side (oldest first). */
export const ReportDetailResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  denuncia: DenunciaSchema,
  contexto: z.array(MensagemSchema),
}));
export type ReportDetailResponse = z.infer<typeof ReportDetailResponseSchema>;

/** GET /api/client/moderador/grupos/{grupoId}: the group and the reported messages in it (nothing else of it). */
export const ModeratorGroupResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  grupo: z.object({ id: z.string(), nome: z.string(), privado: z.boolean(), membros: z.number() }),
  denuncias: z.array(DenunciaSchema),
  mensagens: z.array(MensagemSchema),
}));
export type ModeratorGroupResponse = z.infer<typeof ModeratorGroupResponseSchema>;
