// The service worker and its updates (docs/decisions.md "Shell"). A new version waits until the user taps Actualizar in
// UpdatePrompt, or until no tab of the old version is open; then every open tab reloads into it. An open tab of the
// old version keeps its chunks meanwhile (the old worker still serves them); should one be missing anyway (a chunk
// never used or warmed, gone from the server), the tab moves to the new version and reloads itself: drafts live in
// the store (a slip's in kv 'draftSlip'), and a text being typed waits for the tab to be hidden.

import { listenForInstallPrompt } from './install-prompt.ts';
import { firstScreen } from './first-screen.ts';
import { screenLoadInFlight } from './screen-loads.ts';
import { isDataSaverOn } from '../state/data-saver.ts';

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
 * new version (waiting or about to be found) and reload, once; a second failure right after is left to the screen's
 * notice. Offline, or when the server cannot be reached to look for a version, nothing reloads: a reload would only
 * trade the screen for a start that cannot load it either (app/ScreenBoundary.tsx says it needs a connection).
 */
export async function recoverFromMissingChunk(): Promise<void> {
  if (!navigator.onLine) return;
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration && !(await registration.update().then(() => true, () => false))) return;
  const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
  if (Date.now() - last < 30_000) return;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
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

/** Whether the connection is known not to be paid by the byte (Wi-Fi, a cable); unknown counts as metered. */
function unmetered(): boolean {
  const type = (navigator as Navigator & { connection?: { type?: string } }).connection?.type;
  return type === 'wifi' || type === 'ethernet';
}

/**
 * Once the first screen is up, the page's own requests have settled (its data is in) and the page is idle, the worker
 * keeps every other screen's files (a few packs fetched side by side: sw/precache.ts), so each opens offline too;
 * never in the way of what the user opens first, and not over a metered connection while the data saver is on (the
 * app's rule: state/data-saver.ts). A warm-up the network cut short is tried again when the phone is back online.
 */
function warmWhenIdle(controller: ServiceWorker): void {
  const warm = () => {
    // What the page decided, for support and tests: the screens kept, or not while saving data.
    if (isDataSaverOn() && !unmetered()) {
      document.documentElement.dataset.keepScreens = 'saving-data';
      return;
    }
    document.documentElement.dataset.keepScreens = 'asked';
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ warmed?: boolean }>) => {
      if (event.data.warmed === false) addEventListener('online', warm, { once: true });
      else document.documentElement.dataset.keepScreens = 'kept';
    };
    controller.postMessage({ type: 'WARM' }, [channel.port2]);
  };
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
  void firstScreen.then(networkQuiet).then(() => idle(warm, { timeout: 10_000 }));
}

/** The page has fetched nothing for QUIET_MS (its first screen's data is in), or AT_MOST_MS have passed. */
const QUIET_MS = 2000;
const AT_MOST_MS = 30_000;
function networkQuiet(): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    const observer = new PerformanceObserver(() => {
      last = performance.now();
    });
    observer.observe({ type: 'resource' });
    const check = () => {
      const now = performance.now();
      if (now - last < QUIET_MS && now - start < AT_MOST_MS) {
        setTimeout(check, 250);
        return;
      }
      observer.disconnect();
      resolve();
    };
    setTimeout(check, QUIET_MS);
  });
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
  // A screen's own chunk is its loader's to handle (app/AppRoutes.tsx); this is for the other lazy parts.
  addEventListener('vite:preloadError', () => {
    if (!screenLoadInFlight()) void recoverFromMissingChunk();
  });
  const run = () => void start();
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}
