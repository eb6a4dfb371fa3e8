import { i18n, type Messages } from '@lingui/core';
import { brand } from './brand.ts';

// The messages of the screens a visit seldom starts on (lingui.config.ts, LATER), kept out of the catalog loaded at
// start so that the first screen's JavaScript stays within its budget (DESIGN §10). Only the host's language is
// downloaded, the first time a screen or a part that needs it is about to render: those screens and parts wait for it
// (app/AppRoutes.tsx and the lazy imports that call `withLaterCatalog`). The build checks that nothing reachable
// without that wait carries these messages (scripts/catalog-preload.ts).
const CATALOGS: Record<'pt' | 'en', () => Promise<{ messages: Messages }>> = {
  pt: () => import('../../locales/pt/later.po'),
  en: () => import('../../locales/en/later.po'),
};

let loading: Promise<void> | null = null;

/** Settles once the later messages are in the catalog (or could not be loaded: the texts of the source show). */
export function laterCatalog(): Promise<void> {
  return (loading ??= CATALOGS[brand.locale === 'en' ? 'en' : 'pt']().then(
    ({ messages }) => i18n.load(brand.locale, messages),
    (error: unknown) => {
      // Tried again next time: a chunk that failed to load (offline, a new version deployed) may load later.
      loading = null;
      console.error('[i18n] later catalog not loaded', error);
    },
  ));
}

/** A lazy import that settles once the later catalog is in too (so none of its texts render before it). */
export function withLaterCatalog<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), laterCatalog()]).then(([module]) => module);
}
