import type { Event } from '../../contract/schemas/events.ts';
import { COMPETITIONS, teamById, type Competition, type Team } from './competitions.ts';
import type { MatchModel } from './markets.ts';
import { mainOdds, matchModel } from './model.ts';
import { samplePoisson } from './poisson.ts';
import type { CompetitionInfo, SportsProvider } from './provider.ts';
import { createRng, stableUuid, type Rng } from './rng.ts';

const MIN_PER_DAY = 6;
const MAX_PER_DAY = 10;
/** A match with kick-off this long ago is over (90 minutes, half-time and stoppage). */
const MATCH_LENGTH_MS = 115 * 60_000;

function leaguePositions(competition: Competition): Map<string, number> {
  const ranked = competition.teamIds
    .map(teamById)
    .sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name));
  return new Map(ranked.map((team, index) => [team.id, index + 1]));
}

const POSITIONS = new Map(
  COMPETITIONS.filter((c) => c.kind === 'league').map((c) => [c.id, leaguePositions(c)] as const),
);

interface Pairing {
  competition: Competition;
  home: Team;
  away: Team;
  kickoff: string;
}

/** Splits the day's match count over the competitions that play that weekday, each club at most once a day. */
function pairingsForDay(rng: Rng, weekday: number): Pairing[] {
  const active = COMPETITIONS.filter((c) => c.weekdays.includes(weekday));
  const count = rng.int(MIN_PER_DAY, MAX_PER_DAY);
  const used = new Set<string>();
  const pairings: Pairing[] = [];
  let attempts = 0;
  while (pairings.length < count && attempts < 200 && active.length > 0) {
    attempts += 1;
    // Every competition playing that day gets a match before any gets a second (Girabola is never crowded out).
    const competition = active[pairings.length] ?? rng.pick(active);
    const free = competition.teamIds.filter((id) => !used.has(id));
    if (free.length < 2) continue;
    const homeId = rng.pick(free);
    const awayId = rng.pick(free.filter((id) => id !== homeId));
    used.add(homeId);
    used.add(awayId);
    pairings.push({ competition, home: teamById(homeId), away: teamById(awayId), kickoff: rng.pick(competition.kickoffs) });
  }
  return pairings;
}

export interface GeneratedProviderOptions {
  seed: number;
}

export function createGeneratedProvider({ seed }: GeneratedProviderOptions): SportsProvider {
  return {
    id: 'generated',
    competitions(): CompetitionInfo[] {
      return COMPETITIONS.map(({ id, name, country }) => ({ id, name, country }));
    },
    fixturesForDay(day: string, now: Date): Event[] {
      const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
      const rng = createRng(`${seed}:${day}`);
      const events = pairingsForDay(rng, weekday).map((pairing, index) =>
        toEvent({ pairing, id: stableUuid(`${seed}:${day}:${index}`), day, rng, now, seed }),
      );
      return events.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    },
    modelFor(event: Pick<Event, 'id' | 'home_id' | 'away_id'>): MatchModel | null {
      return modelOf(event.id, event.home_id, event.away_id, seed);
    },
  };
}

function modelOf(eventId: string, homeId: string, awayId: string, seed: number): MatchModel | null {
  try {
    return matchModel({ eventId, homeRating: teamById(homeId).rating, awayRating: teamById(awayId).rating, seed });
  } catch {
    // A club outside the catalogue (an event another feed wrote): no model, so no markets.
    return null;
  }
}

function toEvent(input: { pairing: Pairing; id: string; day: string; rng: Rng; now: Date; seed: number }): Event {
  const { pairing, id, day, rng, now, seed } = input;
  const { competition, home, away } = pairing;
  const model = matchModel({ eventId: id, homeRating: home.rating, awayRating: away.rating, seed });
  const priced = mainOdds(model);
  const date = new Date(`${day}T${pairing.kickoff}:00.000Z`);
  // Drawn whether or not the match is over, so a fixture's result never depends on when it was generated.
  const scoreDraws = [rng.next(), rng.next()] as const;
  const finished = now.getTime() >= date.getTime() + MATCH_LENGTH_MS;
  const positions = POSITIONS.get(competition.id);
  return {
    id,
    date: date.toISOString(),
    status: finished ? 'FT' : 'NS',
    competition_id: competition.id,
    competition_name: competition.name,
    home_id: home.id,
    home_name: home.name,
    home_position: positions?.get(home.id) ?? null,
    away_id: away.id,
    away_name: away.name,
    away_position: positions?.get(away.id) ?? null,
    home_goals: finished ? samplePoisson(model.lambdaHome, scoreDraws[0]) : null,
    away_goals: finished ? samplePoisson(model.lambdaAway, scoreDraws[1]) : null,
    elapsed: finished ? 90 : null,
    odds: priced.odds,
    odds_live: null,
    probability: priced.probability,
  };
}
