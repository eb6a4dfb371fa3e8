import type { Db } from '../db/create-db.ts';
import type { EventosTable } from '../db/schema.ts';
import { addDays, utcDay } from '../lib/time.ts';
import { COMPETITIONS, teamById } from './competitions.ts';
import { prematchBook } from './event-models.ts';
import { advance, timeline, ZERO_COUNTS } from './match-clock.ts';
import { priceMarkets, resultOdds } from './markets.ts';
import { writeMarkets } from './markets-repo.ts';
import { effectiveModel, mainOdds, matchModel, newModelRow } from './model.ts';
import { createRng, stableUuid } from './rng.ts';
import { transaction } from '../db/transaction.ts';

// Demo matches around the moment of the first start, so a demo shows every state at once: one in each half, one at
// half-time, one about to start, two finished and one abandoned today. The simulator then plays
// them on like any other match.

export type DemoState = 'h1' | 'ht' | 'h2' | 'soon' | 'ft' | 'abd';

interface DemoMatch {
  competitionId: string;
  state: DemoState;
  /** Minutes ago it kicked off (negative: in the future). */
  minutesAgo: number;
}

const DEMO: readonly DemoMatch[] = [
  { competitionId: 'girabola', state: 'h1', minutesAgo: 27 },
  { competitionId: 'premier-league', state: 'ht', minutesAgo: 52 },
  { competitionId: 'la-liga', state: 'h2', minutesAgo: 85 },
  { competitionId: 'primeira-liga', state: 'soon', minutesAgo: -20 },
  { competitionId: 'serie-a', state: 'ft', minutesAgo: 200 },
  { competitionId: 'girabola', state: 'ft', minutesAgo: 240 },
  { competitionId: 'bundesliga', state: 'abd', minutesAgo: 180 },
];

export interface DemoMatchRef {
  id: string;
  state: DemoState;
}

/** Where each demo match's clock stands: its state's point on the timeline of its own script. */
function clockFor(state: DemoState, script: { stoppage1: number; stoppage2: number }): number | null {
  const { h1End, h2Start, end } = timeline({ ...script, abandonAt: null });
  switch (state) {
    case 'h1':
      return 27;
    case 'ht':
      return h1End + 5;
    case 'h2':
      return h2Start + 22;
    case 'ft':
      return end;
    case 'abd':
      return 62;
    case 'soon':
      return null;
  }
}

/** A demo match's row in eventos: not started (`played` null) or played up to where the simulator left it. */
export function demoEventRow(input: {
  id: string;
  kickoff: Date;
  competitionId: string;
  home: { id: string; name: string };
  away: { id: string; name: string };
  played: { status: string; elapsed: number | null; counts: { goals: { home: number; away: number } } } | null;
  main: { odds: unknown; probability: unknown };
  oddsLive: string | null;
  updatedAt: Date;
}): EventosTable {
  const { played } = input;
  return {
    id: input.id,
    date: input.kickoff.toISOString(),
    status: played ? played.status : 'NS',
    competition_id: input.competitionId,
    home_id: input.home.id,
    home_name: input.home.name,
    home_position: null,
    away_id: input.away.id,
    away_name: input.away.name,
    away_position: null,
    home_goals: played ? played.counts.goals.home : null,
    away_goals: played ? played.counts.goals.away : null,
    elapsed: played ? played.elapsed : null,
    odds: JSON.stringify(input.main.odds),
    odds_live: input.oddsLive,
    probability: JSON.stringify(input.main.probability),
    updated_at: input.updatedAt.toISOString(),
  };
}

export async function seedDemoMatches(db: Db, input: { now: Date; seed: number }): Promise<DemoMatchRef[]> {
  const { now, seed } = input;
  const day = utcDay(now);
  const dayStart = new Date(`${day}T00:00:00.000Z`);
  const busy = new Set(
    (
      await db
        .selectFrom('eventos')
        .select(['home_id', 'away_id'])
        .where('date', '>=', dayStart.toISOString())
        .where('date', '<', addDays(dayStart, 1).toISOString())
        .execute()
    ).flatMap((row) => [row.home_id, row.away_id]),
  );
  const rng = createRng(`demo:${seed}:${day}`);
  const refs: DemoMatchRef[] = [];
  for (const [index, demo] of DEMO.entries()) {
    const competition = COMPETITIONS.find((c) => c.id === demo.competitionId);
    if (!competition) continue;
    const free = competition.teamIds.filter((id) => !busy.has(id));
    if (free.length < 2) continue;
    const home = teamById(rng.pick(free));
    const away = teamById(rng.pick(free.filter((id) => id !== home.id)));
    busy.add(home.id);
    busy.add(away.id);

    const id = stableUuid(`demo:${seed}:${day}:${index}`);
    const kickoff = new Date(Math.floor((now.getTime() - demo.minutesAgo * 60_000) / 60_000) * 60_000);
    const model = matchModel({ eventId: id, homeRating: home.rating, awayRating: away.rating, seed });
    const row = newModelRow({ eventId: id, model, now });
    const script = { stoppage1: row.stoppage_1, stoppage2: row.stoppage_2, abandonAt: demo.state === 'abd' ? 62 : null };
    const clock = clockFor(demo.state, script);
    const main = mainOdds(model);
    const played =
      clock === null
        ? null
        : advance({ model, script, from: null, to: clock, counts: ZERO_COUNTS, rng: createRng(`demo-play:${id}`) });
    const event = demoEventRow({
      id,
      kickoff,
      competitionId: competition.id,
      home,
      away,
      played,
      main,
      oddsLive: played?.state ? JSON.stringify(resultOdds(model, played.state)) : null,
      updatedAt: now,
    });
    await transaction(db, async (trx) => {
      await trx.insertInto('eventos').values(event).onConflict((oc) => oc.column('id').doNothing()).execute();
      await trx
        .insertInto('evento_modelos')
        .values({
          ...row,
          abandon_at: script.abandonAt,
          clock: played ? played.clock : null,
          h1_home_goals: played?.counts.h1Goals.home ?? 0,
          h1_away_goals: played?.counts.h1Goals.away ?? 0,
          home_corners: played?.counts.corners.home ?? 0,
          away_corners: played?.counts.corners.away ?? 0,
          h1_home_corners: played?.counts.h1Corners.home ?? 0,
          h1_away_corners: played?.counts.h1Corners.away ?? 0,
        })
        .onConflict((oc) => oc.column('evento_id').doNothing())
        .execute();
      if (!played) {
        const book = prematchBook(effectiveModel(row), id);
        await writeMarkets(trx, { eventId: id, priced: book.priced, opening: book.opening, now });
      } else if (played.state) {
        await writeMarkets(trx, { eventId: id, priced: priceMarkets(model, played.state), now });
      }
    });
    refs.push({ id, state: demo.state });
  }
  return refs;
}
