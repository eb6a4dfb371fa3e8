import type { Locale } from '../../../contract/brands.ts';
import { OFFICIAL_EN_ALIAS, shownHandle } from '../../../contract/official-account.ts';

/** The handle as shown (never as linked: links keep the real handle, which the server knows). */
export function displayHandle(user: { nomeUsuario: string; official: boolean }, locale: Locale): string {
  return user.official && locale === 'en' ? OFFICIAL_EN_ALIAS : shownHandle(user.nomeUsuario, locale);
}
