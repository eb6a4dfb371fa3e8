import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { readUpcomingEvents } from '../db/events.ts';
import { liveAtom } from './live-atom.ts';
import { loadSync } from './lazy-sync.ts';

/** The next matches, bounded at now each time the store changes or a screen starts reading them. */
export const upcomingEventsAtom = liveAtom(() => readUpcomingEvents(db, Date.now(), 250));

export const refreshUpcomingEventsAtom = atom(null, async (_get, _set, options?: { force?: boolean }) =>
  (await loadSync()).refreshUpcomingEvents(db, options),
);
