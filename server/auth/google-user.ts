import { USERNAME_MAX } from '../../contract/limits.ts';
import { normalizeEmail, normalizeUsername } from '../../contract/normalize.ts';
import type { Db } from '../db/create-db.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { unusablePasswordHash } from './password.ts';
import { createUser, TRIAL_LICENCE, usernameExists, type UserRow } from './users-repo.ts';

/**
 * Google accounts are matched to app users by verified e-mail (no Auth.js adapter, so nothing else links them).
 * A first Google sign-in creates the user with the same trial licence as a sign-up.
 */
export async function findOrCreateGoogleUser(db: Db, profile: { email: string; name: string }): Promise<UserRow> {
  const email = normalizeEmail(profile.email);
  if (!email) throw new Error('Google profile without e-mail');
  const existing = await db.selectFrom('usuarios').selectAll().where('email', '=', email).executeTakeFirst();
  if (existing) return existing;

  const base = (normalizeUsername(email.split('@')[0] ?? '') || 'usuario').slice(0, USERNAME_MAX - 4).padEnd(3, '0');
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const nomeUsuario = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (await usernameExists(db, nomeUsuario)) continue;
    const nome = profile.name.trim().slice(0, 50) || nomeUsuario;
    try {
      return await createUser(db, {
        nome: nome.length >= 3 ? nome : nomeUsuario,
        nomeUsuario,
        email,
        telefone: null,
        fotografia: null,
        passwordHash: unusablePasswordHash(),
        role: 'usuario',
        conta: null,
        referrerId: null,
      }, TRIAL_LICENCE);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another request may have created this e-mail meanwhile; otherwise the username was taken, try another.
      const raced = await db.selectFrom('usuarios').selectAll().where('email', '=', email).executeTakeFirst();
      if (raced) return raced;
    }
  }
  throw new Error('Could not pick a free username for a Google account');
}
