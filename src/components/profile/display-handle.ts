import type { Locale } from '../../../contract/brands.ts';

/** The official account's handle as the English brand shows it (SPEC §3 User: an English alias when the locale is en). */
export const OFFICIAL_EN_ALIAS = 'slipmatesofficial';

/** The handle as shown (never as linked: links keep the real handle, which the server knows). */
export function displayHandle(user: { nomeUsuario: string; official: boolean }, locale: Locale): string {
  return user.official && locale === 'en' ? OFFICIAL_EN_ALIAS : user.nomeUsuario;
}
