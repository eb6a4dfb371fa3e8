import { setupI18n } from './i18n/setup.ts';
import { startApp } from './app/start.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import './app/styles.css';

function start(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  startApp(container, setupI18n());
  registerServiceWorker();
}

start();
