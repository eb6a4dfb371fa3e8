import type { Event } from '../../contract/schemas/events.ts';

export interface CompetitionInfo {
  id: string;
  name: string;
  country: string;
}

/**
 * Where fixtures come from (DESIGN §5 "Sports data: a provider interface"). The embedded default generates them; a
 * real feed would implement the same two calls. The live simulator is a later issue.
 */
export interface SportsProvider {
  readonly id: string;
  competitions(): CompetitionInfo[];
  /** Every fixture of one UTC day (YYYY-MM-DD), as known at `now`. */
  fixturesForDay(day: string, now: Date): Event[];
}
