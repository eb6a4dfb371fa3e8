import { renderToString } from 'react-dom/server';
import { setupI18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Router } from 'wouter';
import { BRANDS, type BrandId, type Locale } from '../../contract/brands.ts';
import { LandingPage } from '../components/LandingPage.tsx';
import { messages as pt } from '../../locales/pt/messages.po';
import { messages as en } from '../../locales/en/messages.po';

// Run by the build, never shipped (scripts/prerender-landing.ts): the landing page's markup for each brand, in its
// language. The server puts it in index.html for a visitor without a session (server/static.ts), so a first visit on
// 3G shows the landing page as soon as the HTML and the stylesheet are in, before any JavaScript; start-up then
// hydrates it (app/start.tsx), which needs the very markup the browser would render, hence the same component.

const CATALOGS: Record<Locale, Messages> = { pt, en };

/** brand id -> the landing page's markup. */
export function landingPages(): Record<BrandId, string> {
  const pages = {} as Record<BrandId, string>;
  for (const brand of Object.values(BRANDS)) {
    const i18n = setupI18n({ locale: brand.locale, messages: { [brand.locale]: CATALOGS[brand.locale] } });
    const markup = renderToString(
      <Router ssrPath="/">
        <I18nProvider i18n={i18n}>
          <LandingPage brand={brand} />
        </I18nProvider>
      </Router>,
    );
    // React adds a preload for the logo ahead of the markup; inside #root it would only be in hydration's way.
    pages[brand.id] = markup.replace(/^(?:<link [^>]*>)+/, '');
  }
  return pages;
}
