import type { Context } from 'hono';
import { normalizeEmail, normalizeUsername } from '../../contract/normalize.ts';
import { isEmailShapeOk, isUsernameLengthOk } from '../../contract/validation/auth.ts';
import { IsAvailableResponseSchema } from '../../contract/schemas/auth.ts';
import type { AppEnv } from '../hono-env.ts';
import { answer } from '../lib/answer.ts';
import { emailExists, usernameExists } from './users-repo.ts';

// A name that could never be registered (too short, too long, malformed e-mail) is reported as not available.
export async function usernameAvailable(c: Context<AppEnv>): Promise<Response> {
  const raw = c.req.param('name') ?? '';
  const disponivel = isUsernameLengthOk(raw) && !(await usernameExists(c.get('db'), normalizeUsername(raw)));
  return answer(c, IsAvailableResponseSchema, { disponivel });
}

export async function emailAvailable(c: Context<AppEnv>): Promise<Response> {
  const raw = c.req.param('email') ?? '';
  const disponivel = isEmailShapeOk(raw) && !(await emailExists(c.get('db'), normalizeEmail(raw)));
  return answer(c, IsAvailableResponseSchema, { disponivel });
}
