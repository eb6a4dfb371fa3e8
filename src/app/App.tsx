import { Suspense, useEffect } from 'react';
import { I18nProvider } from '@lingui/react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { i18n } from '../i18n/setup.ts';
import { startAppSync } from '../state/bootstrap.ts';
import { maintenanceAtom } from '../state/service.ts';
import { sessionStatusAtom } from '../state/session.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { FullScreenSpinner } from '../components/FullScreenSpinner.tsx';
import { MaintenancePage } from '../components/MaintenancePage.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';

function Root() {
  const status = useAtomValue(sessionStatusAtom);
  const maintenance = useAtomValue(maintenanceAtom);
  useEffect(() => startAppSync(), []);
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
