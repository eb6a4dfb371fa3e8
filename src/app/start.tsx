import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { useLocation } from 'wouter';
import { i18n } from '../i18n/setup.ts';
import { hasStoredSession } from '../state/session-at-start.ts';
import { LandingPage } from '../components/LandingPage.tsx';
import { FullScreenSpinner } from '../components/FullScreenSpinner.tsx';
import { afterPaint } from './after-paint.ts';
import { markFirstScreen } from './first-screen.ts';

// Start-up (DESIGN §10): the entry chunk holds React, the catalogs and the landing page only. The app itself (store,
// state, routes, shell) is the lazy chunk App.tsx, so a visitor with no stored session sees the landing page without
// waiting for it, for the store or for the network; the app then loads and checks the session with the server.
// A first visit to `/` without a session cookie has the landing page in the HTML already (server/static.ts): it is
// hydrated rather than drawn again. The app renders once its first screen's reads have answered (state/first-reads.ts):
// index.html's start-up screen stays until then, and the first render is the screen with its data.

/** The app's code, once its first render can be the first screen with its data (state/first-reads.ts). */
function loadApp() {
  return import('./App.tsx').then(({ App, firstReadsReady }) => firstReadsReady.then(() => App));
}

/** The landing page before the app has loaded; following a link away from it shows the start-up screen meanwhile. */
function StartLanding({ onLeave }: { onLeave: () => void }) {
  const [path] = useLocation();
  const away = path !== '/';
  useEffect(() => {
    if (away) onLeave();
  }, [away, onLeave]);
  return <I18nProvider i18n={i18n}>{away ? <FullScreenSpinner /> : <LandingPage />}</I18nProvider>;
}

/** Starts the app in `container` once `i18nReady` (the host's catalog) has settled. */
export function startApp(container: HTMLElement, i18nReady: Promise<void>): void {
  const prerendered = container.querySelector(':scope > .landing') !== null;
  let root: Root | null = null;
  let mounting: Promise<void> | null = null;
  const mountApp = (signedOutStart: boolean) => {
    mounting ??= Promise.all([loadApp(), i18nReady]).then(([App]) => {
      const app = (root ??= createRoot(container));
      // Rendered as a transition: React draws the whole first screen in slices, letting the page breathe between them
      // (one task of several hundred ms at 4x otherwise: total blocking time), and commits it once, complete.
      startTransition(() => app.render(<App signedOutStart={signedOutStart} />));
    });
    return mounting;
  };
  if (location.pathname !== '/') {
    void mountApp(false);
    return;
  }
  void Promise.all([hasStoredSession(), i18nReady]).then(([stored]) => {
    if (stored) {
      void mountApp(false);
      return;
    }
    const landing = <StartLanding onLeave={() => void mountApp(true)} />;
    if (prerendered) root = hydrateRoot(container, landing);
    else (root = createRoot(container)).render(landing);
    afterPaint(() => {
      markFirstScreen();
      void mountApp(true);
    });
  });
}
