import type { Context } from 'hono';
import { brandForHost } from '../../contract/brands.ts';
import { MSG } from '../../contract/messages.ts';
import { normalizeEmail, normalizeUsername } from '../../contract/normalize.ts';
import { SignUpRequestSchema, SignUpResponseSchema } from '../../contract/schemas/auth.ts';
import { SIGN_UP_FIELDS, validateSignUp, type SignUpField } from '../../contract/validation/auth.ts';
import type { FieldError } from '../../contract/validation/result.ts';
import type { AppEnv } from '../hono-env.ts';
import type { Db } from '../db/create-db.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { answer } from '../lib/answer.ts';
import { isJsonRequest, jsonError, requestHost } from '../lib/http.ts';
import { sendVerificationMail } from './email-verification.ts';
import { isAcceptableImage } from './image.ts';
import { hashPassword } from './password.ts';
import { createUser, emailExists, toPublicUser, TRIAL_LICENCE, usernameExists } from './users-repo.ts';
import { jsonBody } from '../lib/json-depth.ts';

/** The taken name and e-mail, as field errors (each only for a value that keeps its rule: a broken one is told first). */
async function takenErrors(db: Db, input: { nomeUsuario: string | null; email: string | null }): Promise<FieldError<SignUpField>[]> {
  const [name, email] = await Promise.all([
    input.nomeUsuario ? usernameExists(db, input.nomeUsuario) : false,
    input.email ? emailExists(db, input.email) : false,
  ]);
  return [
    ...(name ? [{ field: 'nomeUsuario' as const, message: MSG.usernameTaken }] : []),
    ...(email ? [{ field: 'email' as const, message: MSG.emailTaken }] : []),
  ];
}

/** 400 with every field's error at once (`campos`), `message` the first in the form's order. */
function refuseFields(c: Context<AppEnv>, errors: readonly FieldError<SignUpField>[]): Response {
  const ordered = SIGN_UP_FIELDS.flatMap((field) => errors.filter((error) => error.field === field));
  const campos: Record<string, string> = {};
  for (const error of ordered) campos[error.field] ??= error.message;
  return jsonError(c, 400, ordered[0]?.message ?? MSG.signUpFailed, { campos });
}

/**
 * POST /api/auth/signup (SPEC §7): 201 with novoUsuario; 400 with every broken rule and taken name or e-mail at once
 * (`campos`, field -> message); 413 for the image.
 */
export async function signUp(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('db');
  // JSON only: a cross-site HTML form cannot send application/json without a CORS preflight.
  if (!isJsonRequest(c)) return jsonError(c, 400, MSG.invalidRequest);
  let raw: unknown;
  try {
    raw = await jsonBody(c);
  } catch {
    return jsonError(c, 400, MSG.invalidRequest);
  }
  const parsed = SignUpRequestSchema.safeParse(raw);
  if (!parsed.success) return jsonError(c, 400, MSG.invalidRequest);
  const body = parsed.data;

  // Checked before the form rules: the client maps 413 to "Problema com a imagem" (SPEC §8).
  if (body.fotografia && !isAcceptableImage(body.fotografia)) return jsonError(c, 413, MSG.imageProblem);

  const { asksPhone } = brandForHost(requestHost(c));
  const result = validateSignUp(
    {
      fotografia: body.fotografia ?? null,
      nome: body.nome,
      nomeUsuario: body.nomeUsuario,
      email: body.email.email,
      numeroTelemovel: body.numeroTelemovel?.numero ?? '',
      password: body.password,
      passwordConfirmacao: body.passwordConfirmacao,
      referrer: body.referrer ?? c.req.query('referrer') ?? null,
    },
    { requirePhone: asksPhone },
  );
  const broken = result.ok ? [] : result.errors;
  const brokenField = (field: SignUpField) => broken.some((error) => error.field === field);
  const taken = await takenErrors(db, {
    nomeUsuario: brokenField('nomeUsuario') ? null : normalizeUsername(body.nomeUsuario),
    email: brokenField('email') ? null : normalizeEmail(body.email.email),
  });
  if (!result.ok || taken.length > 0) return refuseFields(c, [...broken, ...taken]);
  const input = result.value;

  // An unknown referrer is ignored rather than refused: the link may be old, the sign-up is still wanted.
  const referrer = input.referrer
    ? await db.selectFrom('usuarios').select('id').where('nome_usuario', '=', normalizeUsername(input.referrer)).executeTakeFirst()
    : undefined;

  try {
    const row = await createUser(
      db,
      {
        nome: input.nome,
        nomeUsuario: input.nomeUsuario,
        email: input.email,
        telefone: input.numeroTelemovel ?? null,
        fotografia: input.fotografia ?? null,
        passwordHash: await hashPassword(input.password),
        role: 'usuario',
        conta: null,
        referrerId: referrer?.id ?? null,
      },
      TRIAL_LICENCE,
    );
    // In the background: the account exists whether or not the mail goes out now, and the user can ask again.
    sendVerificationMail(c, row).catch((error: unknown) => {
      console.error(`[mail] e-mail de confirmação não enviado (${error instanceof Error ? error.name : 'unknown'})`);
    });
    return answer(c, SignUpResponseSchema, { message: MSG.signUpSuccess, novoUsuario: toPublicUser(row) }, 201);
  } catch (error) {
    // Two sign-ups racing for the same name or e-mail: the loser gets the same answer as if it had come second.
    if (!isUniqueViolation(error)) throw error;
    const lost = await takenErrors(db, input);
    return lost.length > 0 ? refuseFields(c, lost) : jsonError(c, 400, MSG.signUpFailed);
  }
}
