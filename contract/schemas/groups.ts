import { RespostaEmisSchema } from './licence.ts';
import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { nameText } from '../text.ts';
import { PublicUserSchema } from './auth.ts';
import { LastSenderSchema } from './chats.ts';
import { RecordSummarySchema } from './record.ts';

// Groups (SPEC §3 Group, §4 paywall, §5 group edit, §6 roles; docs/api/social.md).

/** At most 30 users in a group, the creator included (SPEC §5, §9). */
export const GROUP_MAX_USERS = 30;
export const GROUP_NAME_MIN = 3;
export const GROUP_NAME_MAX = 50;
export const GROUP_PLAN_MIN = 500;
export const GROUP_PLAN_MAX = 1_000_000;
export const GROUP_PLANS = ['semanal', 'mensal', 'anual'] as const;
/** How long a paid group plan lasts (defined with the other business constants). */
export { GROUP_PLAN_DAYS } from '../limits.ts';

/**
 * The two official groups exempt from the paywall (SPEC §4). Fixed ids so the app knows them without asking;
 * the seed creates them, owned by the official account.
 */
export const OFFICIAL_GROUP_IDS = ['00000000-0000-4000-8000-00000000f001', '00000000-0000-4000-8000-00000000f002'] as const;

export function isOfficialGroup(id: string): boolean {
  return (OFFICIAL_GROUP_IDS as readonly string[]).includes(id);
}

export const GroupPlanNameSchema = lazySchema(() => z.enum(GROUP_PLANS));
export type GroupPlanName = z.infer<typeof GroupPlanNameSchema>;

export const GroupPlanSchema = lazySchema(() => z.object({ extensao: GroupPlanNameSchema, valor: z.number() }));
export type GroupPlan = z.infer<typeof GroupPlanSchema>;

/** Who may send: everybody, or the creator and administrators only. */
export const AllowedSendersSchema = lazySchema(() => z.enum(['all', 'admins']));
export type AllowedSenders = z.infer<typeof AllowedSendersSchema>;

export const GroupRoleSchema = lazySchema(() => z.enum(['normal', 'administrador']));
export type GroupRole = z.infer<typeof GroupRoleSchema>;

export const BancaSchema = lazySchema(() => z.object({ amount: z.number(), trend: z.enum(['up', 'down']) }));
export type Banca = z.infer<typeof BancaSchema>;

export const GroupMemberSchema = lazySchema(() => z.object({
  usuario: PublicUserSchema,
  role: GroupRoleSchema,
  /** End of the paid period; null for a member of an open group (or added without paying). */
  expiraEm: z.string().nullable(),
}));
export type GroupMember = z.infer<typeof GroupMemberSchema>;

const groupFields = {
  id: z.string(),
  nome: z.string(),
  /** URL of GET /api/client/common/grupos/{id}/imagem, or null. */
  imagem: z.string().nullable(),
  privado: z.boolean(),
  allowedSenders: AllowedSendersSchema,
  planos: z.array(GroupPlanSchema),
  criador: PublicUserSchema,
  /** The creator's bankroll, shown on the group. */
  banca: BancaSchema,
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastSender: LastSenderSchema.nullable(),
  createdAt: z.string(),
  /** The paywall of SPEC §4 for the caller. */
  mustPay: z.boolean(),
  oficial: z.boolean(),
  /** The caller's place in the group: creator, administrator, member, or null for a non-member. */
  meuPapel: z.enum(['criador', 'administrador', 'normal']).nullable(),
  /** Members plus the creator. */
  totalUsuarios: z.number().int(),
  /**
   * The creator's verified record (all time), on a private group, so its paywall and drawer show what one
   * would pay for before paying. Absent on open groups and in older copies.
   */
  registoCriador: RecordSummarySchema.optional(),
};

export const GroupSummarySchema = lazySchema(() => z.object(groupFields));
export type GroupSummary = z.infer<typeof GroupSummarySchema>;

export const GroupSchema = lazySchema(() => z.object({ ...groupFields, usuarios: z.array(GroupMemberSchema) }));
export type Group = z.infer<typeof GroupSchema>;

export const GroupListQuerySchema = lazySchema(() => z.object({
  gruposComponent: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['tudo', 'subscricoes', 'meus']).optional().default('tudo'),
  ),
}));

export const GroupListResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), grupos: z.array(GroupSummarySchema) }));
export const GroupResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  grupo: GroupSchema,
  /**
   * (added) adicionarUsuario: true when the person's setting did not let the caller add them, so they were sent an
   * invitation instead and are not a member (docs/decisions.md "Group invitations and merged notifications").
   */
  convite: z.boolean().optional(),
}));

/** POST /api/client/common/grupos/{id}/ignorarConvite (added): the invitation is gone, whether or not there was one. */
export const IgnoreInvitationResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string() }));

/** allowedSenders arrives as the spec's boolean (true: administrators only) or as the stored value. */
export const AllowedSendersInputSchema = lazySchema(() => z.union([z.boolean(), AllowedSendersSchema]));

/** POST /api/client/common/grupos/criarGrupo. */
export const CreateGroupRequestSchema = lazySchema(() => z.object({
  nome: nameText(10_000),
  imagem: z.string().nullish(),
  privado: z.boolean().optional().default(false),
  allowedSenders: AllowedSendersInputSchema.optional().default('all'),
  planos: z.array(z.object({ extensao: GroupPlanNameSchema, valor: z.number() })).max(3).optional(),
}));
export type CreateGroupRequest = z.input<typeof CreateGroupRequestSchema>;

/**
 * PATCH /api/client/common/grupos/{id}/actualizarGrupo. Absent fields keep their value; `imagem` null removes the
 * image, a data URL replaces it, and the group's own image URL (what GET returned) keeps it.
 */
export const UpdateGroupRequestSchema = lazySchema(() => z.object({
  nome: nameText(10_000).optional(),
  imagem: z.string().nullish(),
  privado: z.boolean().optional(),
  allowedSenders: AllowedSendersInputSchema.optional(),
  planos: z.array(z.object({ extensao: GroupPlanNameSchema, valor: z.number() })).max(3).optional(),
}));
export type UpdateGroupRequest = z.input<typeof UpdateGroupRequestSchema>;

/** GET …/grupos/{groupId}/subscrever/{plan}: the payment to open in the payment frame. */
export const GroupSubscribeResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  respostaEmis: RespostaEmisSchema,
}));
