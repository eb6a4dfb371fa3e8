import type { Context } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { normalizeEmail, normalizeUsername } from '../../contract/normalize.ts';
import { isEmailShapeOk, isUsernameLengthOk, validateForgot } from '../../contract/validation/auth.ts';
import type { AppEnv } from '../app-env.ts';
import { jsonError } from '../lib/http.ts';
import { emailExists, findUserByIdentifier, usernameExists } from './users-repo.ts';

// A name that could never be registered (too short, too long, malformed e-mail) is reported as not available.
export async function usernameAvailable(c: Context<AppEnv>): Promise<Response> {
  const raw = c.req.param('name') ?? '';
  const disponivel = isUsernameLengthOk(raw) && !(await usernameExists(c.get('db'), normalizeUsername(raw)));
  return c.json({ status: 'success', message: '', disponivel });
}

export async function emailAvailable(c: Context<AppEnv>): Promise<Response> {
  const raw = c.req.param('email') ?? '';
  const disponivel = isEmailShapeOk(raw) && !(await emailExists(c.get('db'), normalizeEmail(raw)));
  return c.json({ status: 'success', message: '', disponivel });
}

/** No mail is sent in the embedded server: the recovery is logged so a developer can follow it. */
export async function forgotPassword(c: Context<AppEnv>): Promise<Response> {
  const identifier = c.req.param('identifier') ?? '';
  const check = validateForgot(identifier);
  if (!check.ok) return jsonError(c, 400, check.message);
  const user = await findUserByIdentifier(c.get('db'), identifier);
  if (!user) return jsonError(c, 404, MSG.forgotFailed);
  console.info(`[recuperação] pedido de recuperação de palavra passe para ${user.nome_usuario} <${user.email}>`);
  return c.json({ status: 'success', message: MSG.recoverySent });
}

/** The v4 client logger posts here (protocols §4.4); core has no such route, so it is answered 200 `{}`. */
export async function clientLog(c: Context<AppEnv>): Promise<Response> {
  const text = await c.req.text().catch(() => '');
  const entry = new URLSearchParams(text.slice(0, 2000));
  console.warn(`[auth][client] ${entry.get('level') ?? 'log'} ${entry.get('code') ?? ''}`.trimEnd());
  return c.json({});
}
