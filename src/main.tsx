import { setupI18n } from './i18n/setup.ts';
import { startApp } from './app/start.tsx';
import { firstScreen } from './app/first-screen.ts';
import { listenForInstallPrompt } from './app/install-prompt.ts';
import './app/styles.css';

function start(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  startApp(container, setupI18n());
  // The browser may offer installing at any time, so the app listens at once.
  listenForInstallPrompt();
  // The worker's precache would compete with the first screen's chunks on a slow network: it registers after, and the
  // code that registers it and follows its updates loads then too (it is not the first screen's to wait for).
  void firstScreen
    .then(() => import('./app/register-sw.ts'))
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.error('[sw] not registered', error));
}

start();
