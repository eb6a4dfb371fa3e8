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
import { fail, type Validation } from './result.ts';

export interface LoginInput {
  userData: string;
  password: string;
}

export function validateLogin(input: LoginInput): Validation<LoginInput, 'userData' | 'password'> {
  if (!input.userData.trim() || !input.password) return fail(input.userData.trim() ? 'password' : 'userData', MSG.loginFailed);
  const userData = normalizeIdentifier(input.userData);
  if (userData.length < IDENTIFIER_MIN) return fail('userData', MSG.loginIdentifier);
  if (input.password.length < PASSWORD_MIN) return fail('password', MSG.loginPassword);
  return { ok: true, value: { userData, password: input.password } };
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

/** Checks in the order the form shows its fields; the first broken rule is reported. */
export function validateSignUp(input: SignUpInput, rules: SignUpRules): Validation<SignUpInput, SignUpField> {
  if (input.fotografia && dataUrlBytes(input.fotografia) > IMAGE_MAX_BYTES) return fail('fotografia', MSG.photoTooLarge);
  const nome = cleanName(input.nome).trim().replace(/\s+/g, ' ');
  if (nome.length < NAME_MIN || nome.length > NAME_MAX) return fail('nome', MSG.nameLength);
  if (!isUsernameLengthOk(input.nomeUsuario)) return fail('nomeUsuario', MSG.usernameLength);
  if (!isEmailShapeOk(input.email)) return fail('email', MSG.emailInvalid);
  const phone = normalizePhone(input.numeroTelemovel ?? '');
  if (rules.requirePhone && phone.length !== PHONE_DIGITS) return fail('numeroTelemovel', MSG.phoneInvalid);
  if (input.password.length < PASSWORD_MIN) return fail('password', MSG.passwordMismatch);
  if (input.passwordConfirmacao.length < PASSWORD_MIN || input.password !== input.passwordConfirmacao) {
    return fail('passwordConfirmacao', MSG.passwordMismatch);
  }
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
