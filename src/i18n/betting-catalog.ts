import { i18n, type Messages } from '@lingui/core';
import { brand } from './brand.ts';

// The betting screens' messages (lingui.config.ts), merged into the catalog once loaded. Only the host's language is
// downloaded: a chunk per language, which index.html preloads (scripts/catalog-preload.ts). The screens wait for it
// before they render (app/AppRoutes.tsx, components/shell/SlipPanel.tsx); the betting modules also import this file
// for its effect, so that it loads wherever they are used.
const CATALOGS: Record<'pt' | 'en', () => Promise<{ messages: Messages }>> = {
  pt: () => import('../../locales/pt/betting.po'),
  en: () => import('../../locales/en/betting.po'),
};

/** Settles once the betting messages are in the catalog (or could not be loaded: the texts of the source show). */
export const bettingCatalog: Promise<void> = CATALOGS[brand.locale === 'en' ? 'en' : 'pt']().then(
  ({ messages }) => i18n.load(brand.locale, messages),
  (error: unknown) => console.error('[i18n] betting catalog not loaded', error),
);
