import { USERNAME_MAX } from '../../contract/limits.ts';
import { normalizeEmail, normalizeUsername } from '../../contract/normalize.ts';
import { cleanName } from '../../contract/text.ts';
import type { Db } from '../db/create-db.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { isUnusablePasswordHash, unusablePasswordHash } from './password.ts';
import { createUser, TRIAL_LICENCE, usernameExists, type UserRow } from './users-repo.ts';

/** Where a refused Google sign-in lands; the app shows MSG.googleLinkRefused for this Auth.js error code. */
export const GOOGLE_LINK_REFUSED_URL = '/login?error=OAuthAccountNotLinked';

export type GoogleAccount = { ok: true; user: UserRow } | { ok: false };

/**
 * Anyone can sign up with someone else's address, so an account may only be taken over by a Google sign-in for
 * that address once its owner proved the address is theirs (the verification mail), or if Google made it.
 */
export function mayLinkGoogle(row: UserRow): boolean {
  return row.email_verificado_em !== null || isUnusablePasswordHash(row.password_hash);
}

async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('usuarios').selectAll().where('email', '=', email).executeTakeFirst();
}

function decide(row: UserRow): GoogleAccount {
  return mayLinkGoogle(row) ? { ok: true, user: row } : { ok: false };
}

/**
 * The app user for a Google identity, matched by the address Google verified (no Auth.js adapter, so nothing else
 * links them). A first Google sign-in creates the user with the sign-up's trial licence and a verified e-mail.
 */
export async function findOrCreateGoogleUser(db: Db, profile: { email: string; name: string }, now = new Date()): Promise<GoogleAccount> {
  const email = normalizeEmail(profile.email);
  if (!email) throw new Error('Google profile without e-mail');
  const existing = await findByEmail(db, email);
  if (existing) return decide(existing);

  const base = (normalizeUsername(email.split('@')[0] ?? '') || 'usuario').slice(0, USERNAME_MAX - 4).padEnd(3, '0');
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const nomeUsuario = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (await usernameExists(db, nomeUsuario)) continue;
    const nome = cleanName(profile.name).trim().replace(/\s+/g, ' ').slice(0, 50) || nomeUsuario;
    try {
      const user = await createUser(
        db,
        {
          nome: nome.length >= 3 ? nome : nomeUsuario,
          nomeUsuario,
          email,
          telefone: null,
          fotografia: null,
          passwordHash: unusablePasswordHash(),
          role: 'usuario',
          conta: null,
          referrerId: null,
          emailVerificadoEm: now.toISOString(),
        },
        TRIAL_LICENCE,
        now,
      );
      return { ok: true, user };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Someone signed up with this e-mail meanwhile (decided like any existing account); else the name was taken.
      const raced = await findByEmail(db, email);
      if (raced) return decide(raced);
    }
  }
  throw new Error('Could not pick a free username for a Google account');
}

/** The account a Google session stands for once signed in (the sign-in callback already created or refused it). */
export async function linkedGoogleUser(db: Db, email: string): Promise<UserRow | null> {
  const row = await findByEmail(db, normalizeEmail(email));
  return row && mayLinkGoogle(row) ? row : null;
}
