import type { Locale } from './brands.ts';

// The official account (SPEC §3 User, §6): its handle, and the English alias the en host shows instead of it. The
// alias is display-only: links and requests use the real handle, and no account may take the alias as its own
// (server/auth/users-repo.ts), so nobody on the en host can pass for the official account.

/** The official account's real handle (the seed creates it, server/seed/demo-users.ts). */
export const OFFICIAL_HANDLE = 'fichasoficial';

/** Its handle as the English brand shows it. */
export const OFFICIAL_EN_ALIAS = 'slipmatesofficial';

/** A handle as a reader of `locale` sees it: the official account's is its alias on en, any other stays itself. */
export function shownHandle(nomeUsuario: string, locale: Locale | string): string {
  return locale === 'en' && nomeUsuario.toLowerCase() === OFFICIAL_HANDLE ? OFFICIAL_EN_ALIAS : nomeUsuario;
}

/** A handle nobody may sign up with: the alias, which would read as the official account on en. */
export function isReservedHandle(nomeUsuario: string): boolean {
  return nomeUsuario.toLowerCase() === OFFICIAL_EN_ALIAS;
}
