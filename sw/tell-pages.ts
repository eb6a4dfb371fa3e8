/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;

/**
 * Every open page of the app, those this worker does not control included: a page opened on a first visit stays
 * uncontrolled until it reloads (the worker never claims open pages, so an update cannot swap their chunks).
 */
function openPages(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** Tells every open page of the app that the worker kept something in the store for it (sync/worker-messages.ts). */
export async function tellPages(type: string): Promise<void> {
  for (const client of await openPages()) client.postMessage({ type });
}

/** Whether a page of the app is on screen now (it does its own work while it is). */
export async function pageOnScreen(): Promise<boolean> {
  return (await openPages()).some((client) => client.visibilityState === 'visible');
}
