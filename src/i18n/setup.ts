import { i18n, type Messages } from '@lingui/core';
import { brand } from './brand.ts';
import { installServerMessages } from './server-message.ts';

// Each host's catalog is a chunk of its own, so a phone downloads only its own language. index.html preloads the
// host's one from its lang attribute (scripts/catalog-preload.ts), so it arrives with the entry, not after it.
const CATALOGS: Record<'pt' | 'en', () => Promise<{ messages: Messages }>> = {
  pt: () => import('../../locales/pt/messages.po'),
  en: () => import('../../locales/en/messages.po'),
};

/** The server's messages in English (SPEC §9); a Portuguese page shows them as they come (server-message.ts). */
const loadServerMessages = () => import('./server-message-table.ts');

/** Applies the brand to the document: language, title and colours (at once, before the first paint). */
function applyBrand(): void {
  const root = document.documentElement;
  root.lang = brand.locale;
  document.title = brand.name;
  const style = root.style;
  style.setProperty('--primary', brand.colors.primary);
  style.setProperty('--primary-dark', brand.colors.primaryDark);
  style.setProperty('--accent', brand.colors.accent);
  style.setProperty('--bg', brand.colors.background);
  style.setProperty('--surface', brand.colors.surface);
  style.setProperty('--text', brand.colors.text);
}

/** Applies the brand, then loads and activates the catalog of this host's locale. */
export async function setupI18n(): Promise<void> {
  applyBrand();
  let messages: Messages = {};
  const english = brand.locale === 'en';
  const [catalog, table] = await Promise.allSettled([CATALOGS[english ? 'en' : 'pt'](), english ? loadServerMessages() : null]);
  // Without its catalog or table (a chunk that did not load) the app still starts, in its source texts.
  if (catalog.status === 'fulfilled') ({ messages } = catalog.value);
  else console.error('[i18n] catalog not loaded', catalog.reason);
  if (table.status === 'fulfilled' && table.value) installServerMessages(table.value.SERVER_MESSAGE_LOOKUP);
  else if (table.status === 'rejected') console.error('[i18n] server messages not loaded', table.reason);
  // Merged, not replaced: a screen's catalog (betting-catalog.ts) may have loaded first.
  i18n.load(brand.locale, messages);
  i18n.activate(brand.locale);
}

export { i18n };
