import { Suspense, useEffect } from 'react';
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
import { StorageErrorPage } from '../components/StorageErrorPage.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { FullScreenSpinner } from '../components/FullScreenSpinner.tsx';
import { LandingPage } from '../components/LandingPage.tsx';
import { MaintenancePage } from '../components/MaintenancePage.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';

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
  if (storage.state === 'failed') return <StorageErrorPage reason={storage.reason} />;
  if (storage.state === 'opening') return keepsLanding ? <LandingPage /> : <FullScreenSpinner />;
  return <Ready signedOutStart={signedOutStart} />;
}

function Ready({ signedOutStart = false }: StartProps) {
  const status = useAtomValue(sessionStatusAtom);
  const maintenance = useAtomValue(maintenanceAtom);
  const userId = useAtomValue(sessionUserAtom)?.id;
  const keepsLanding = useKeepsLanding(signedOutStart);
  useEffect(() => startAppSync(), []);
  useEffect(() => (userId ? startRealtime(userId) : undefined), [userId]);
  useEffect(() => {
    if (userId) startPush(userId);
  }, [userId]);
  if (maintenance) return <MaintenancePage />;
  if (status === 'loading' && !keepsLanding) return <FullScreenSpinner />;
  return (
    <Suspense fallback={<ProgressBar active />}>
      <AppRoutes />
    </Suspense>
  );
}

export function App({ signedOutStart = false }: StartProps) {
  return (
    <I18nProvider i18n={i18n}>
      <JotaiProvider>
        <ErrorBoundary>
          <Root signedOutStart={signedOutStart} />
          <ProgressBar />
          <Toaster />
        </ErrorBoundary>
      </JotaiProvider>
    </I18nProvider>
  );
}
