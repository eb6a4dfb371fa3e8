// The service worker and its updates (issue 16). A new version waits until the user taps Actualizar in
// UpdatePrompt, or until no tab of the old version is open; then every open tab reloads into it. An open tab of the
// old version keeps its chunks meanwhile (the old worker still serves them); should one be missing anyway (a chunk
// never used or warmed, gone from the server), the tab moves to the new version and reloads itself: drafts live in
// the store (a slip's in kv 'draftSlip'), and a text being typed waits for the tab to be hidden.

import { listenForInstallPrompt } from './install-prompt.ts';

type Listener = () => void;

let updateReady = false;
let acceptUpdate: (() => void) | null = null;
const listeners = new Set<Listener>();

let promptMounted = false;

function setUpdateReady(ready: boolean): void {
  if (updateReady === ready) return;
  updateReady = ready;
  for (const listener of listeners) listener();
  if (ready && !promptMounted) {
    promptMounted = true;
    void import('../components/UpdatePrompt.tsx').then((prompt) => prompt.mountUpdatePrompt());
  }
}

/** For useSyncExternalStore: whether a new version is installed and waiting. */
export const appUpdate = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  ready: (): boolean => updateReady,
  /** Actualizar: the waiting version takes over; every tab of this origin then reloads into it. */
  accept(): void {
    acceptUpdate?.();
  },
};

/** Whether a reload now would throw away text the user is typing (not yet in the store). */
function typing(): boolean {
  const field = document.activeElement;
  if (field instanceof HTMLTextAreaElement) return field.value !== '';
  if (field instanceof HTMLInputElement) return field.value !== '' && !['button', 'submit', 'checkbox', 'radio'].includes(field.type);
  return field instanceof HTMLElement && field.isContentEditable && (field.textContent ?? '') !== '';
}

let reloading = false;
function reloadWhenSafe(): void {
  if (reloading) return;
  if (!typing() || document.visibilityState === 'hidden') {
    reloading = true;
    location.reload();
    return;
  }
  document.addEventListener('visibilitychange', reloadWhenSafe, { once: true });
}

const RELOADED_KEY = 'chunkReloadAt';

/**
 * A lazy chunk of this version could not be loaded (a new version was deployed and the file is gone): move to the
 * new version (waiting or about to be found) and reload, once; a second failure right after is left to the error page.
 * Offline, it waits until the connection is back.
 */
async function recoverFromMissingChunk(): Promise<void> {
  // Offline, a chunk this phone has not kept yet is not a sign of a new version, and a reload would only trade the
  // screen for a splash that cannot load either: the screen's error shows, and the check waits for a connection.
  if (!navigator.onLine) {
    addEventListener('online', () => void recoverFromMissingChunk(), { once: true });
    return;
  }
  const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
  if (Date.now() - last < 30_000) return;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  await registration?.update().catch(() => undefined);
  const next = registration?.waiting ?? registration?.installing;
  if (next && navigator.serviceWorker.controller) {
    // The controller changes when it activates, and every tab reloads then (below).
    if (next.state !== 'installed') {
      await new Promise<void>((resolve) => next.addEventListener('statechange', () => next.state !== 'installing' && resolve()));
    }
    next.postMessage({ type: 'SKIP_WAITING' });
    return;
  }
  reloadWhenSafe();
}

/** Files this page loaded before the worker controlled it: the worker keeps them (from the HTTP cache). */
function loadedFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(location.origin));
}

/** Whether the user asked to save data (the browser's Save-Data, or the data saver turned on in the settings). */
function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true || localStorage.getItem('dataSaver') === 'on';
}

/**
 * Once the page has settled (a while after start, then at an idle moment), the worker fetches the other screens'
 * files one by one so they open offline too; never in the way of what the user opens first.
 */
function warmWhenIdle(controller: ServiceWorker): void {
  if (savingData()) return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
  setTimeout(() => idle(() => controller.postMessage({ type: 'WARM' }), { timeout: 30_000 }), 20_000);
}

async function start(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    acceptUpdate = () => workbox.messageSkipWaiting();
    setUpdateReady(true);
  });
  const registration = await workbox.register({ immediate: true }).catch(() => undefined);
  // Without a service worker the app still works online; nothing to tell the user.
  if (!registration) return;
  await navigator.serviceWorker.ready;
  const controller = navigator.serviceWorker.controller;
  if (controller) {
    controller.postMessage({ type: 'CACHE_LOADED', urls: loadedFiles() });
    warmWhenIdle(controller);
  }
  // A tab open for days still hears of a new version: the browser looks only on navigations.
  let checkedAt = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checkedAt < 60 * 60_000) return;
    checkedAt = Date.now();
    void workbox.update().catch(() => undefined);
  });
}

/** Registers the service worker after the first paint so it never competes with the app's own start. */
export function registerServiceWorker(): void {
  // Which build this page runs, for support and for the e2e deploy of two builds (VITE_BUILD_ID at build time).
  if (import.meta.env.VITE_BUILD_ID) document.documentElement.dataset.build = String(import.meta.env.VITE_BUILD_ID);
  listenForInstallPrompt();
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // A page a worker controls reloads when another version takes over (after Actualizar here or in another tab); the
  // very first install taking the page is not a new version.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) reloadWhenSafe();
    else {
      controlled = true;
      const controller = navigator.serviceWorker.controller;
      if (controller) {
        controller.postMessage({ type: 'CACHE_LOADED', urls: loadedFiles() });
        warmWhenIdle(controller);
      }
    }
  });
  // Vite's event for a lazy chunk (or its CSS) that failed to load.
  addEventListener('vite:preloadError', () => void recoverFromMissingChunk());
  const run = () => void start();
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}
