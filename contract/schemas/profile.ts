import { z } from 'zod';
import { GROUP_ADD_POLICIES } from '../group-add-policy.ts';
import { lazySchema } from '../lazy-schema.ts';
import { PublicUserSchema } from './auth.ts';
import { BancaSchema } from './groups.ts';
import { RecordSchema } from './record.ts';
import { COUNTER_NAMES, CounterNameSchema, type CounterName } from './signals.ts';

// Profiles, follows, unread counters and user search (SPEC §3 User, Profile response, Unread counters; §7).

export const SocialsSchema = lazySchema(() => z.record(z.string().max(30), z.string().max(200)));

export const ProfileUserSchema = lazySchema(() => PublicUserSchema.extend({
  conta: z.enum(['oficial', 'privilegiada']).nullable(),
  nif: z.object({ verificado: z.boolean() }),
  banca: BancaSchema,
  createdAt: z.string(),
}));
export type ProfileUser = z.infer<typeof ProfileUserSchema>;

/** Who may add the user to a group (added with group invitations; contract/group-add-policy.ts). */
export const GroupAddPolicySchema = lazySchema(() => z.enum(GROUP_ADD_POLICIES));

export const MyProfileUserSchema = lazySchema(() => ProfileUserSchema.extend({
  email: z.string(),
  numeroTelemovel: z.string().nullable(),
  telefoneVerificado: z.boolean(),
  /** (added) Who may add the user to a group; absent from an older server's answer (then the default). */
  adicionarGrupos: GroupAddPolicySchema.optional(),
}));
export type MyProfileUser = z.infer<typeof MyProfileUserSchema>;

/** Counts of who the user follows and who follows them, and their social links. */
export const FollowsSchema = lazySchema(() => z.object({
  following: z.number().int(),
  followers: z.number().int(),
  socials: SocialsSchema,
}));
export type Follows = z.infer<typeof FollowsSchema>;

export const MyProfileResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  usuario: MyProfileUserSchema,
  follows: FollowsSchema,
  /** The user's verified record (docs/api/betting.md "The record"). */
  registo: RecordSchema.optional(),
}));

export const UserProfileResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  usuario: ProfileUserSchema,
  follows: FollowsSchema,
  isFollowing: z.boolean(),
  /** The user's verified record (docs/api/betting.md "The record"). */
  registo: RecordSchema.optional(),
}));

export const FollowResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  isFollowing: z.boolean(),
  follows: FollowsSchema,
}));

export const UserListResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), usuarios: z.array(PublicUserSchema) }));

const counterShape = Object.fromEntries(COUNTER_NAMES.map((name) => [name, z.object({ count: z.number().int() })])) as Record<
  CounterName,
  z.ZodObject<{ count: z.ZodNumber }>
>;
export const UpdatesSchema = lazySchema(() => z.object(counterShape));
export type Updates = z.infer<typeof UpdatesSchema>;

export const UpdatesResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), updates: UpdatesSchema }));

export const CounterResetResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  contador: z.object({ nome: CounterNameSchema, count: z.literal(0) }),
}));

/** GET /api/client/public/search/{term}/usuarios. */
export const UserSearchResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), data: z.array(PublicUserSchema) }));
