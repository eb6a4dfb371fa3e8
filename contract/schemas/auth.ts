import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { nameText } from '../text.ts';

export const RoleSchema = lazySchema(() => z.enum(['usuario', 'moderador']));
export type Role = z.infer<typeof RoleSchema>;

export const SessionUserSchema = lazySchema(() => z.object({
  id: z.string(),
  nomeUsuario: z.string(),
  role: RoleSchema,
  /** The official account and the other privileged account of SPEC §6; null for everyone else. */
  conta: z.enum(['oficial', 'privilegiada']).nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  image: z.string().nullish(),
}));
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionSchema = lazySchema(() => z.object({ user: SessionUserSchema, expires: z.string() }));
export type Session = z.infer<typeof SessionSchema>;

export const SignUpRequestSchema = lazySchema(() => z.object({
  fotografia: z.string().nullish(),
  nome: nameText(10_000),
  nomeUsuario: nameText(10_000),
  email: z.object({ email: z.string() }),
  numeroTelemovel: z.object({ numero: z.string() }).optional(),
  password: z.string(),
  passwordConfirmacao: z.string(),
  referrer: nameText(10_000).nullish(),
}));
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const PublicUserSchema = lazySchema(() => z.object({
  id: z.string(),
  nome: z.string(),
  nomeUsuario: z.string(),
  fotografia: z.string().nullable(),
  role: RoleSchema,
}));
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const SignUpResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  novoUsuario: PublicUserSchema,
}));

export const IsAvailableResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  disponivel: z.boolean(),
}));

export const MessageResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string() }));

/** POST /api/auth/redefinirPassword: the token of a reset link (`/login?redefinir={token}`) and the new password. */
export const PasswordResetRequestSchema = lazySchema(() => z.object({
  token: z.string().max(200),
  password: z.string().max(1000),
  passwordConfirmacao: z.string().max(1000),
}));
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const CsrfResponseSchema = lazySchema(() => z.object({ csrfToken: z.string() }));

/** Auth.js answers sign-in and sign-out with the address to go to (v4 client contract, protocols §4.4). */
export const AuthUrlResponseSchema = lazySchema(() => z.object({ url: z.string() }));
