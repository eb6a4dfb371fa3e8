import type { Context } from 'hono';
import { brandForHost } from '../../contract/brands.ts';
import { MSG } from '../../contract/messages.ts';
import { normalizeUsername } from '../../contract/normalize.ts';
import { SignUpRequestSchema, SignUpResponseSchema } from '../../contract/schemas/auth.ts';
import { validateSignUp } from '../../contract/validation/auth.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/create-db.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { answer } from '../lib/answer.ts';
import { isJsonRequest, jsonError, requestHost } from '../lib/http.ts';
import { sendVerificationMail } from './email-verification.ts';
import { isAcceptableImage } from './image.ts';
import { hashPassword } from './password.ts';
import { createUser, emailExists, toPublicUser, TRIAL_LICENCE, usernameExists } from './users-repo.ts';

async function takenMessage(db: Db, nomeUsuario: string, email: string): Promise<string | null> {
  if (await usernameExists(db, nomeUsuario)) return MSG.usernameTaken;
  if (await emailExists(db, email)) return MSG.emailTaken;
  return null;
}

/** POST /api/auth/signup (SPEC §7): 201 with novoUsuario, 400 with the first broken rule, 413 for the image. */
export async function signUp(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('db');
  // JSON only: a cross-site HTML form cannot send application/json without a CORS preflight.
  if (!isJsonRequest(c)) return jsonError(c, 400, MSG.invalidRequest);
  let raw: unknown;
  try {
    raw = await c.req.json();
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
  if (!result.ok) return jsonError(c, 400, result.message);
  const input = result.value;

  const taken = await takenMessage(db, input.nomeUsuario, input.email);
  if (taken) return jsonError(c, 400, taken);

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
    return jsonError(c, 400, (await takenMessage(db, input.nomeUsuario, input.email)) ?? MSG.signUpFailed);
  }
}
