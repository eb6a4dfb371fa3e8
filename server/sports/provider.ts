import type { Event } from '../../contract/schemas/events.ts';
import type { MatchModel } from './markets.ts';

export interface CompetitionInfo {
  id: string;
  name: string;
  country: string;
}

/**
 * Where fixtures come from (DESIGN §5 "Sports data: a provider interface"). The embedded default generates them; a
 * real feed would implement the same calls. A provider that can price a match gives its goals model, from which the
 * markets are priced and the live simulator (server/sports/simulator.ts) plays it.
 */
export interface SportsProvider {
  readonly id: string;
  competitions(): CompetitionInfo[];
  /** Every fixture of one UTC day (YYYY-MM-DD), as known at `now`. */
  fixturesForDay(day: string, now: Date): Event[];
  /** The goals model of one of its events; null when it cannot price it. */
  modelFor?(event: Pick<Event, 'id' | 'home_id' | 'away_id'>): MatchModel | null;
}
