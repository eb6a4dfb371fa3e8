import { createStore, type Atom } from 'jotai';
import { upcomingEventsAtom } from './events.ts';
import { exploreFirstReads } from './explore.ts';
import { PENDING } from './live-atom.ts';
import { maintenanceAtom } from './service.ts';
import { sessionStatusAtom, storedSessionRecordAtom } from './session.ts';
import { signOutPendingAtom } from './sign-out-pending.ts';
import { openStore, storageStatusAtom } from './storage.ts';

/** The app's jotai store (app/App.tsx provides it), made with the app's code so reads can start before React draws. */
export const appStore = createStore();

const EXPLORE = /^\/explorar\/?$/;

/**
 * How long start-up holds the app's first render at most for the first screen's reads and chunk: index.html's start-up
 * screen stays meanwhile. They are local (the store and the worker's cache), so this is only a bound for a phone whose
 * store is very slow to answer; the screen then draws with what it has, as it would without the wait.
 */
export const FIRST_READS_WAIT_MS = 1500;

/** What the first screen at `pathname` shows from the store: the session (every screen), then the screen's own. */
function awaitedReads(pathname: string): Atom<unknown>[] {
  const reads: Atom<unknown>[] = [storedSessionRecordAtom];
  if (EXPLORE.test(pathname)) {
    reads.push(upcomingEventsAtom);
    // Explore's search depends on who is signed in (the privileged account's categories): read once the session is.
    if (appStore.get(sessionStatusAtom) === 'authenticated') reads.push(...exploreFirstReads(appStore.get));
  }
  return reads;
}

/** Whether `atom` has an answer from the store; a read that failed has one too (the screen shows the failure). */
function answered(atom: Atom<unknown>): boolean {
  try {
    return appStore.get(atom) !== PENDING;
  } catch {
    return true;
  }
}

export interface FirstReads {
  /**
   * Settles once the store has answered what the first screen shows and its chunk has loaded (or FIRST_READS_WAIT_MS
   * passed): app/start.tsx renders the app then, so its first render is the screen with its data rather than a
   * start-up screen, then the shell, then the screen, then its rows (a style, layout and paint each on a slow phone).
   */
  ready: Promise<void>;
  /** Lets go of the reads once the first screen is up and follows them itself. */
  stop: () => void;
}

/**
 * Opens the store (state/storage.ts) and starts, as the app's code arrives, the reads the first screen shows (DESIGN
 * §10: repeat visit and offline cold start). Each read is subscribed to in the app's store, so its answer is in the
 * store when React first reads it (an atom only read, not subscribed to, would give its first render nothing and the
 * answer a render later). `screen` is the first screen's chunk loading.
 */
export function startFirstReads(pathname: string, screen: Promise<unknown>): FirstReads {
  void openStore();
  const followed = new Map<Atom<unknown>, () => void>();
  let readsAnswered: () => void = () => undefined;
  const answeredAll = new Promise<void>((resolve) => {
    readsAnswered = resolve;
  });
  const follow = (atom: Atom<unknown>) => {
    if (!followed.has(atom)) followed.set(atom, appStore.sub(atom, check));
  };
  function check(): void {
    try {
      const storage = appStore.get(storageStatusAtom).state;
      if (storage === 'failed') readsAnswered();
      if (storage !== 'ready') return;
      const reads = awaitedReads(pathname);
      reads.forEach(follow);
      if (reads.every(answered)) readsAnswered();
    } catch {
      // A read that failed (a damaged store): nothing more to wait for; the screen shows what went wrong.
      readsAnswered();
    }
  }
  // The store's opening, and what start-up decides on before any screen: a sign-out to deliver, maintenance.
  for (const atom of [storageStatusAtom, signOutPendingAtom, maintenanceAtom]) follow(atom);
  check();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_READS_WAIT_MS);
  });
  const ready = Promise.race([Promise.all([answeredAll, screen]), bound]).then(() => clearTimeout(timer));
  const stop = () => {
    for (const unsubscribe of followed.values()) unsubscribe();
    followed.clear();
  };
  return { ready, stop };
}
