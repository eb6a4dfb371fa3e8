import { lazy, Suspense, useEffect, useState } from 'react';
import { I18nProvider } from '@lingui/react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { i18n } from '../i18n/setup.ts';
import { startAppSync } from '../state/bootstrap.ts';
import { maintenanceAtom } from '../state/service.ts';
import { sessionStatusAtom, sessionUserAtom } from '../state/session.ts';
import { startRealtime } from '../state/realtime.ts';
import { startPush } from '../state/push.ts';
import { storageStatusAtom } from '../state/storage.ts';
import { appStore, startFirstReads } from '../state/first-reads.ts';
import { checkSessionAtStart } from '../state/session-at-start.ts';
import { deliverPendingSignOut, signOutPendingAtom } from '../state/sign-out-pending.ts';
import { holdSyncUntilScreen, releaseSync } from '../state/lazy-sync.ts';
import { afterPaint } from './after-paint.ts';
import { markFirstScreen } from './first-screen.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes, loadScreenAt } from './AppRoutes.tsx';
import { FullScreenSpinner } from '../components/FullScreenSpinner.tsx';
import { LandingPage } from '../components/LandingPage.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';

// The store opens, and the first screen's reads and chunk start, with the app's code rather than at its first render.
const firstReads = startFirstReads(location.pathname, loadScreenAt(location.pathname));
/** Settles when the app's first render can be the first screen with its data (state/first-reads.ts): app/start.tsx. */
export const firstReadsReady = firstReads.ready;
// Pages for a store that will not open and for maintenance: rare, so chunks of their own, off the start-up.
const StorageErrorPage = lazy(() => import('../components/StorageErrorPage.tsx').then((module) => ({ default: module.StorageErrorPage })));
const MaintenancePage = lazy(() => import('../components/MaintenancePage.tsx').then((module) => ({ default: module.MaintenancePage })));

interface StartProps {
  /**
   * Start-up found no session on this phone and painted the landing page already (app/start.tsx): it stays while
   * the store opens and the server is asked, instead of the start-up screen.
   */
  signedOutStart?: boolean;
}

/** The landing page stays up, rather than the start-up screen, while a visitor with no stored session waits. */
function useKeepsLanding(signedOutStart: boolean): boolean {
  const [path] = useLocation();
  return signedOutStart && path === '/';
}

function Root({ signedOutStart = false }: StartProps) {
  const storage = useAtomValue(storageStatusAtom);
  const keepsLanding = useKeepsLanding(signedOutStart);
  if (storage.state === 'failed') {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <StorageErrorPage reason={storage.reason} />
      </Suspense>
    );
  }
  if (storage.state === 'opening') return keepsLanding ? <LandingPage /> : <FullScreenSpinner />;
  return <Ready signedOutStart={signedOutStart} />;
}

// The shell paints before its centre: while a screen's chunk loads the centre shows this (app/AppRoutes.tsx).
const SCREEN_LOADING = '.screen-loading';

/** Runs `then` once no screen is loading in the shell's centre. */
function whenScreenLoaded(then: () => void): void {
  if (!document.querySelector(SCREEN_LOADING)) {
    then();
    return;
  }
  const observer = new MutationObserver(() => {
    if (document.querySelector(SCREEN_LOADING)) return;
    observer.disconnect();
    afterPaint(then);
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

/** The first screen is on screen: what start-up deferred may load now. */
function firstScreenShown(): void {
  firstReads.stop();
  releaseSync();
  markFirstScreen();
}

/** Once the first screen has committed (the route's lazy chunk loaded and rendered) and painted, sync may load. */
function OnShown() {
  useEffect(() => afterPaint(() => whenScreenLoaded(firstScreenShown)), []);
  return null;
}

// How long start-up waits at most for a sign-out made offline to reach the server before showing the screen.
const SIGN_OUT_WAIT_MS = 3000;

/**
 * A sign-out made offline must reach the server before anything else (the old cookie would sign the user back in
 * elsewhere): online, start-up shows the start-up screen while it is sent (at most SIGN_OUT_WAIT_MS).
 */
function useSignOutDelivery(pendingNow: boolean | null): boolean {
  // As the store said at start: a sign-out made later, while the app runs, is the sign-out action's own business.
  const [atStart, setAtStart] = useState<boolean | null>(null);
  if (atStart === null && pendingNow !== null) setAtStart(pendingNow);
  const pending = atStart === true && pendingNow === true;
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!pending || tried) return;
    const timer = setTimeout(() => setTried(true), SIGN_OUT_WAIT_MS);
    releaseSync();
    void deliverPendingSignOut().finally(() => setTried(true));
    return () => clearTimeout(timer);
  }, [pending, tried]);
  return pending && !tried && navigator.onLine;
}

// Should the first screen never come (a chunk that does not load), the sync layer is released anyway after this.
const SYNC_AT_LATEST_MS = 5000;

function Ready({ signedOutStart = false }: StartProps) {
  const status = useAtomValue(sessionStatusAtom);
  const maintenance = useAtomValue(maintenanceAtom);
  const userId = useAtomValue(sessionUserAtom)?.id;
  const keepsLanding = useKeepsLanding(signedOutStart);
  const signOutPending = useAtomValue(signOutPendingAtom);
  // Each of these waits for the sync layer, which loads once the first screen is up (state/lazy-sync.ts).
  useEffect(() => startAppSync(), []);
  useEffect(() => (userId ? startRealtime(userId) : undefined), [userId]);
  useEffect(() => {
    if (userId) startPush(userId);
  }, [userId]);
  useEffect(() => {
    const timer = setTimeout(releaseSync, SYNC_AT_LATEST_MS);
    return () => clearTimeout(timer);
  }, []);
  // Maintenance is a screen of its own; a sign-out made offline must reach the server as soon as it can.
  useEffect(() => {
    if (maintenance) firstScreenShown();
  }, [maintenance]);
  const holdsForSignOut = useSignOutDelivery(signOutPending);
  // A first start has no session stored: only the session is asked for before the first screen.
  useEffect(() => {
    if (status === 'loading' && !keepsLanding) void checkSessionAtStart();
  }, [status, keepsLanding]);
  if (maintenance) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <MaintenancePage />
      </Suspense>
    );
  }
  if ((status === 'loading' && !keepsLanding) || holdsForSignOut) return <FullScreenSpinner />;
  return (
    <Suspense fallback={<ProgressBar active />}>
      <AppRoutes />
      <OnShown />
    </Suspense>
  );
}

export function App({ signedOutStart = false }: StartProps) {
  holdSyncUntilScreen();
  return (
    <I18nProvider i18n={i18n}>
      <JotaiProvider store={appStore}>
        <ErrorBoundary>
          <Root signedOutStart={signedOutStart} />
          <ProgressBar />
          <Toaster />
        </ErrorBoundary>
      </JotaiProvider>
    </I18nProvider>
  );
}
