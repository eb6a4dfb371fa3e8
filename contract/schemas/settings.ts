import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { freeText, nameText } from '../text.ts';
import { GroupAddPolicySchema, MyProfileUserSchema } from './profile.ts';

// Settings and contact verification (SPEC §7 Profile, contact; docs/api/social.md).

export const ContactDetailsSchema = lazySchema(() => z.object({
  /** `verificado`: the owner followed the verification mail's link (then a Google sign-in may use the account). */
  email: z.object({ email: z.string(), verificado: z.boolean().optional() }),
  numeroTelemovel: z.object({ numero: z.string().nullable(), verificado: z.boolean() }),
}));
export type ContactDetails = z.infer<typeof ContactDetailsSchema>;

export const ContactDetailsResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), contactDetails: ContactDetailsSchema }));

/** PATCH /api/client/common/conta/actualizar: only the fields given change; `fotografia` null removes the photo. */
export const AccountUpdateRequestSchema = lazySchema(() => z.object({
  nome: nameText(10_000).optional(),
  fotografia: z.string().nullish(),
  numeroTelemovel: z.union([z.string().max(100), z.object({ numero: z.string().max(100) })]).optional(),
  // Network name -> link, as SocialsSchema, with both cleaned as text.
  socials: z
    .record(nameText(30), freeText(200))
    .refine((value) => Object.keys(value).length <= 10)
    .optional(),
}));

export const AccountUpdateResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), usuario: MyProfileUserSchema }));

/**
 * PATCH /api/client/common/conta/privacidade (added): who may add the user to a group. The answer is the account's,
 * as AccountUpdateResponseSchema.
 */
export const PrivacyUpdateRequestSchema = lazySchema(() => z.object({ adicionarGrupos: GroupAddPolicySchema }));
export type PrivacyUpdateRequest = z.infer<typeof PrivacyUpdateRequestSchema>;

/** PATCH /api/client/common/conta/actualizarPassword. */
export const PasswordChangeRequestSchema = lazySchema(() => z.object({
  passwordActual: z.string().max(1000),
  password: z.string().max(1000),
  passwordConfirmacao: z.string().max(1000),
}));

export const VERIFY_TOKEN_DIGITS = 6;
export const VERIFY_TOKEN_TTL_MS = 10 * 60_000;
export const VERIFY_TOKEN_INTERVAL_MS = 60_000;
export const VERIFY_TOKEN_MAX_TRIES = 5;

export const VerifyTokenResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), expiraEm: z.string() }));
