import { createStore } from 'jotai';
import { upcomingEventsAtom } from './events.ts';
import { maintenanceAtom } from './service.ts';
import { sessionStatusAtom } from './session.ts';
import { openStore } from './storage.ts';

/** The app's jotai store (app/App.tsx provides it), made with the app's code so reads can start before React draws. */
export const appStore = createStore();

const EXPLORE = /^\/explorar\/?$/;

/**
 * Opens the store (state/storage.ts) and starts the reads the first screen waits for as the app's code arrives: the
 * session and the maintenance flag (every screen), and Explore's matches when it opens on Explore. Their live queries
 * run while React draws the shell, so each screen finds its rows when it mounts instead of asking for them one render
 * after another (issue 16: repeat visit and offline cold start). A read started here is the same one the screen then
 * follows.
 */
export function startFirstReads(pathname: string): void {
  void openStore();
  appStore.get(sessionStatusAtom);
  appStore.get(maintenanceAtom);
  if (EXPLORE.test(pathname)) appStore.get(upcomingEventsAtom);
}
