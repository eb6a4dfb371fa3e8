import { Suspense, useEffect } from 'react';
import { I18nProvider } from '@lingui/react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
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
import { MaintenancePage } from '../components/MaintenancePage.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';

function Root() {
  const storage = useAtomValue(storageStatusAtom);
  if (storage.state === 'failed') return <StorageErrorPage reason={storage.reason} />;
  if (storage.state === 'opening') return <FullScreenSpinner />;
  return <Ready />;
}

function Ready() {
  const status = useAtomValue(sessionStatusAtom);
  const maintenance = useAtomValue(maintenanceAtom);
  const userId = useAtomValue(sessionUserAtom)?.id;
  useEffect(() => startAppSync(), []);
  useEffect(() => (userId ? startRealtime(userId) : undefined), [userId]);
  useEffect(() => {
    if (userId) startPush(userId);
  }, [userId]);
  if (maintenance) return <MaintenancePage />;
  if (status === 'loading') return <FullScreenSpinner />;
  return (
    <Suspense fallback={<ProgressBar active />}>
      <AppRoutes />
    </Suspense>
  );
}

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <JotaiProvider>
        <ErrorBoundary>
          <Root />
          <ProgressBar />
          <Toaster />
        </ErrorBoundary>
      </JotaiProvider>
    </I18nProvider>
  );
}
