import { i18n } from '@lingui/core';
import { brand } from './brand.ts';

/** Loads the catalog of this host's locale and applies the brand to the document. */
export async function setupI18n(): Promise<void> {
  const { messages } =
    brand.locale === 'en' ? await import('../../locales/en/messages.po') : await import('../../locales/pt/messages.po');
  i18n.loadAndActivate({ locale: brand.locale, messages });
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

export { i18n };
