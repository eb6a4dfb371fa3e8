import type { AuthConfig } from '@auth/core';
import { CredentialsSignin } from '@auth/core/errors';
import type { JWT } from '@auth/core/jwt';
import Credentials from '@auth/core/providers/credentials';
import Google from '@auth/core/providers/google';
import type { Session } from '@auth/core/types';
import { validateLogin } from '../../contract/validation/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/create-db.ts';
import { findOrCreateGoogleUser, GOOGLE_LINK_REFUSED_URL, linkedGoogleUser } from './google-user.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { endSession, isSessionLive, newSessionClaims, SESSION_MAX_AGE_S, sessionClaimsOf } from './session-revocation.ts';
import { findUserByIdentifier, type UserRow } from './users-repo.ts';

export const AUTH_BASE_PATH = '/api/auth';

/** What the credentials provider hands to the jwt callback on sign-in. */
interface AppUser {
  id: string;
  name: string;
  email: string;
  image: null;
  nomeUsuario: string;
  role: UserRow['role'];
  /** The official or the other privileged account (SPEC §6); null for everybody else. */
  conta: UserRow['conta'];
}

function toAppUser(row: UserRow): AppUser {
  return {
    id: row.id,
    name: row.nome,
    email: row.email,
    image: null,
    nomeUsuario: row.nome_usuario,
    role: row.role,
    conta: row.conta,
  };
}

// Verifying against a throwaway hash when the user does not exist keeps unknown and known identifiers equally slow.
let dummyHash: Promise<string> | undefined;

async function authorizeCredentials(db: Db, credentials: Partial<Record<string, unknown>>): Promise<AppUser | null> {
  const userData = typeof credentials.userData === 'string' ? credentials.userData : '';
  const password = typeof credentials.password === 'string' ? credentials.password : '';
  const login = validateLogin({ userData, password });
  if (!login.ok) return null;
  const row = await findUserByIdentifier(db, userData);
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash));
  return row && ok ? toAppUser(row) : null;
}

/** The session's `user` as GET /api/auth/session shows it, from the session token. */
export function sessionUserOf(token: JWT) {
  return {
    id: String(token.id ?? token.sub ?? ''),
    nomeUsuario: String(token.nomeUsuario ?? ''),
    role: token.role === 'moderador' ? 'moderador' : 'usuario',
    // Not in SessionUserSchema yet (see the report): lets the app know the privileged accounts.
    conta: token.conta === 'oficial' || token.conta === 'privilegiada' ? token.conta : null,
    name: token.name ?? null,
    email: token.email ?? null,
    image: null,
  };
}

export function createAuthConfig(config: Config, db: Db): AuthConfig {
  const providers: AuthConfig['providers'] = [
    Credentials({
      id: 'credentials',
      name: 'Credentials',
      credentials: { userData: {}, password: {} },
      authorize: (credentials) => authorizeCredentials(db, credentials),
    }),
  ];
  if (config.google) {
    const { clientId, clientSecret, issuer } = config.google;
    providers.push(Google({ clientId, clientSecret, ...(issuer ? { issuer } : {}) }));
  }

  return {
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_S },
    providers,
    pages: { signIn: '/login', error: '/login' },
    logger: {
      // A wrong password is an expected outcome, not a server error worth a stack trace.
      error(error) {
        if (error instanceof CredentialsSignin) return;
        console.error('[auth]', error.name, error.message, error.cause ?? '');
      },
      warn(code) {
        console.warn('[auth] warning', code);
      },
    },
    events: {
      // Sign-out ends this session on the server too: a copy of the cookie taken before is refused from now on.
      async signOut(message) {
        const token = 'token' in message ? message.token : null;
        const claims = token ? sessionClaimsOf(token) : null;
        const userId = token ? String(token.id ?? token.sub ?? '') : '';
        if (token && claims && userId) await endSession(db, userId, claims.sid, token.exp);
      },
    },
    callbacks: {
      async signIn({ account, profile }) {
        if (account?.provider !== 'google') return true;
        // Only a verified Google address may be matched to (or create) an account, and only an account whose own
        // address was verified may be taken over by it: anyone can open a Google account under an unverified address.
        if (profile?.email_verified !== true || typeof profile.email !== 'string') return false;
        const found = await findOrCreateGoogleUser(db, { email: profile.email, name: String(profile.name ?? '') });
        return found.ok ? true : GOOGLE_LINK_REFUSED_URL;
      },
      async jwt({ token, user, account, profile }) {
        if (!user) {
          // Every later read of the session (GET/POST /session): an ended session is no session, and Auth.js
          // clears its cookie.
          const claims = sessionClaimsOf(token);
          const userId = String(token.id ?? token.sub ?? '');
          return claims && userId && (await isSessionLive(db, userId, claims)) ? token : null;
        }
        let appUser: AppUser;
        if (account?.provider === 'google') {
          const row = await linkedGoogleUser(db, String(profile?.email ?? user.email ?? ''));
          if (!row) return null;
          appUser = toAppUser(row);
        } else {
          appUser = user as AppUser;
        }
        return {
          ...token,
          ...newSessionClaims(),
          sub: appUser.id,
          name: appUser.name,
          email: appUser.email,
          picture: null,
          id: appUser.id,
          nomeUsuario: appUser.nomeUsuario,
          role: appUser.role,
          conta: appUser.conta,
        } satisfies JWT;
      },
      session({ session, token }) {
        return { ...session, user: sessionUserOf(token) } as Session;
      },
    },
  };
}
