import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { liveAtom } from './live-atom.ts';
import { loadSync } from './lazy-sync.ts';

export const upcomingEventsAtom = liveAtom(() => db.events.orderBy('date').limit(250).toArray());

export const refreshUpcomingEventsAtom = atom(null, async (_get, _set, options?: { force?: boolean }) =>
  (await loadSync()).refreshUpcomingEvents(db, options),
);
