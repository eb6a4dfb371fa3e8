import { IMAGE_MAX_BYTES, NAME_MAX, NAME_MIN, PASSWORD_MIN } from '../limits.ts';
import { MSG } from '../messages.ts';
import { dataUrlBytes } from '../data-url.ts';
import { MESSAGE_MAX_CHARS, MESSAGE_MAX_IMAGES } from '../schemas/chats.ts';
import {
  GROUP_NAME_MAX,
  GROUP_NAME_MIN,
  GROUP_PLAN_MAX,
  GROUP_PLAN_MIN,
  GROUP_PLANS,
  type GroupPlan,
} from '../schemas/groups.ts';
import { cleanName, cleanText } from '../text.ts';
import { fail, failAll, type FieldError, type Validation } from './result.ts';

// Rules shared by the app's forms and the server (SPEC §5 group edit and settings), so both refuse alike.

export interface GroupFieldsInput {
  nome: string;
  privado: boolean;
  planos: readonly GroupPlan[] | undefined;
}

export interface GroupFields {
  nome: string;
  privado: boolean;
  planos: GroupPlan[];
}

/** The three plans in the order semanal, mensal, anual; a missing plan is worth 0 (SPEC §9 default). */
export function normalizePlans(planos: readonly GroupPlan[] | undefined): GroupPlan[] {
  return GROUP_PLANS.map((extensao) => ({ extensao, valor: planos?.find((p) => p.extensao === extensao)?.valor ?? 0 }));
}

/** A group's name and plans; both broken rules at once, the name's first. */
export function validateGroupFields(input: GroupFieldsInput): Validation<GroupFields, 'nome' | 'planos'> {
  const errors: FieldError<'nome' | 'planos'>[] = [];
  const nome = cleanName(input.nome).trim().replace(/\s+/g, ' ');
  if (nome.length < GROUP_NAME_MIN || nome.length > GROUP_NAME_MAX) errors.push({ field: 'nome', message: MSG.groupName });
  const planos = normalizePlans(input.planos);
  const plansValid = planos.every((p) => Number.isInteger(p.valor) && p.valor >= GROUP_PLAN_MIN && p.valor <= GROUP_PLAN_MAX);
  if (input.privado && !plansValid) errors.push({ field: 'planos', message: MSG.groupPlanValue });
  return failAll(errors) ?? { ok: true, value: { nome, privado: input.privado, planos } };
}

/**
 * What two group names have in common when one creator may not hold both: case and spaces folded ('Os  Craques' and
 * 'os craques' are the same group name).
 */
export function groupNameKey(nome: string): string {
  return cleanName(nome).trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt');
}

/** A message needs text or an image; text up to 2000 characters; at most 2 images of at most 1,000,000 bytes. */
export function validateMessage(mensagem: string, imagens: readonly string[]): Validation<string, 'mensagem' | 'imagens'> {
  const text = cleanText(mensagem).trim();
  if (!text && imagens.length === 0) return fail('mensagem', MSG.messageEmpty);
  if (text.length > MESSAGE_MAX_CHARS) return fail('mensagem', MSG.messageTooLong);
  if (imagens.length > MESSAGE_MAX_IMAGES) return fail('imagens', MSG.messageTooManyImages);
  // Only a real base64 data URL can be too heavy; anything else is refused later as not an image.
  const tooHeavy = (image: string) => {
    const bytes = dataUrlBytes(image);
    return Number.isFinite(bytes) && bytes > IMAGE_MAX_BYTES;
  };
  if (imagens.some(tooHeavy)) return fail('imagens', MSG.imageTooHeavy);
  return { ok: true, value: text };
}

export function validateDisplayName(raw: string): Validation<string, 'nome'> {
  const nome = cleanName(raw).trim().replace(/\s+/g, ' ');
  if (nome.length < NAME_MIN || nome.length > NAME_MAX) return fail('nome', MSG.nameLength);
  return { ok: true, value: nome };
}

export interface PasswordChangeInput {
  passwordActual: string;
  password: string;
  passwordConfirmacao: string;
}

/** The sign-up password rules (SPEC §5) plus the current password, which is checked against the account. */
export function validatePasswordChange(input: PasswordChangeInput): Validation<PasswordChangeInput, keyof PasswordChangeInput> {
  if (!input.passwordActual) return fail('passwordActual', MSG.passwordCurrentWrong);
  if (input.password.length < PASSWORD_MIN) return fail('password', MSG.passwordMismatch);
  if (input.password !== input.passwordConfirmacao) return fail('passwordConfirmacao', MSG.passwordMismatch);
  return { ok: true, value: input };
}
