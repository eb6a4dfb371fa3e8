import {
  EMAIL_MAX,
  IDENTIFIER_MIN,
  IMAGE_MAX_BYTES,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MIN,
  PHONE_DIGITS,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../limits.ts';
import { MSG } from '../messages.ts';
import { dataUrlBytes } from '../data-url.ts';
import { normalizeEmail, normalizeIdentifier, normalizePhone, normalizeUsername } from '../normalize.ts';
import { cleanName } from '../text.ts';
import { fail, failAll, type FieldError, type Validation } from './result.ts';

export interface LoginInput {
  userData: string;
  password: string;
}

/**
 * SPEC §5 Login: every broken rule at once, each under its field. An empty field gets the generic failure message
 * (the spec's "both are required, otherwise the generic failure message").
 */
export function validateLogin(input: LoginInput): Validation<LoginInput, 'userData' | 'password'> {
  const errors: FieldError<'userData' | 'password'>[] = [];
  const userData = normalizeIdentifier(input.userData);
  if (!input.userData.trim()) errors.push({ field: 'userData', message: MSG.loginFailed });
  else if (userData.length < IDENTIFIER_MIN) errors.push({ field: 'userData', message: MSG.loginIdentifier });
  if (!input.password) errors.push({ field: 'password', message: MSG.loginFailed });
  else if (input.password.length < PASSWORD_MIN) errors.push({ field: 'password', message: MSG.loginPassword });
  return failAll(errors) ?? { ok: true, value: { userData, password: input.password } };
}

export interface SignUpInput {
  fotografia?: string | null;
  nome: string;
  nomeUsuario: string;
  email: string;
  numeroTelemovel?: string;
  password: string;
  passwordConfirmacao: string;
  referrer?: string | null;
}

export type SignUpField = 'fotografia' | 'nome' | 'nomeUsuario' | 'email' | 'numeroTelemovel' | 'password' | 'passwordConfirmacao';

export interface SignUpRules {
  /** The brand asks for a phone number (SPEC §3, "brand variant only"). */
  requirePhone: boolean;
}

export function isUsernameLengthOk(raw: string): boolean {
  const name = normalizeUsername(raw);
  return name.length >= USERNAME_MIN && name.length <= USERNAME_MAX;
}

export function isEmailShapeOk(raw: string): boolean {
  const email = normalizeEmail(raw);
  // ASCII only, so the e-mail stored at sign-up is the one normalizeIdentifier produces at login.
  return email.length > 0 && email.length <= EMAIL_MAX && /^[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(email);
}

/** The sign-up form's fields, in the order it shows them (and reports their errors). */
export const SIGN_UP_FIELDS: readonly SignUpField[] = ['fotografia', 'nome', 'nomeUsuario', 'email', 'numeroTelemovel', 'password', 'passwordConfirmacao'];

/** Every broken rule at once, in the order the form shows its fields (SPEC §5 Sign-up). */
export function validateSignUp(input: SignUpInput, rules: SignUpRules): Validation<SignUpInput, SignUpField> {
  const errors: FieldError<SignUpField>[] = [];
  if (input.fotografia && dataUrlBytes(input.fotografia) > IMAGE_MAX_BYTES) errors.push({ field: 'fotografia', message: MSG.photoTooLarge });
  const nome = cleanName(input.nome).trim().replace(/\s+/g, ' ');
  if (nome.length < NAME_MIN || nome.length > NAME_MAX) errors.push({ field: 'nome', message: MSG.nameLength });
  if (!isUsernameLengthOk(input.nomeUsuario)) errors.push({ field: 'nomeUsuario', message: MSG.usernameLength });
  if (!isEmailShapeOk(input.email)) errors.push({ field: 'email', message: MSG.emailInvalid });
  const phone = normalizePhone(input.numeroTelemovel ?? '');
  if (rules.requirePhone && phone.length !== PHONE_DIGITS) errors.push({ field: 'numeroTelemovel', message: MSG.phoneInvalid });
  // A short password is told under it; the confirmation only when it differs (equal to a short one is the same fault).
  if (input.password.length < PASSWORD_MIN) errors.push({ field: 'password', message: MSG.passwordMismatch });
  if (input.password !== input.passwordConfirmacao) errors.push({ field: 'passwordConfirmacao', message: MSG.passwordMismatch });
  const failed = failAll(errors);
  if (failed) return failed;
  return {
    ok: true,
    value: {
      fotografia: input.fotografia || null,
      nome,
      nomeUsuario: normalizeUsername(input.nomeUsuario),
      email: normalizeEmail(input.email),
      ...(rules.requirePhone ? { numeroTelemovel: phone } : {}),
      password: input.password,
      passwordConfirmacao: input.passwordConfirmacao,
      referrer: input.referrer?.trim() ? normalizeUsername(input.referrer) : null,
    },
  };
}

/** A new password (reset link): the sign-up's password rules (SPEC §5). */
export function validateNewPassword(input: {
  password: string;
  passwordConfirmacao: string;
}): Validation<string, 'password' | 'passwordConfirmacao'> {
  if (input.password.length < PASSWORD_MIN) return fail('password', MSG.passwordMismatch);
  if (input.password !== input.passwordConfirmacao) return fail('passwordConfirmacao', MSG.passwordMismatch);
  return { ok: true, value: input.password };
}

export function validateForgot(identifier: string): Validation<string, 'identifier'> {
  const value = normalizeIdentifier(identifier);
  if (!value) return fail('identifier', MSG.forgotIdentifier);
  return { ok: true, value };
}
