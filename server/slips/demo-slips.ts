import { slipOutcome } from '../../contract/slip-math.ts';
import type { Db } from '../db/create-db.ts';
import { LIST, nextListPlace } from '../db/list-place.ts';
import type { BetStatus, FichaSelecoesTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { seedLicenceCodes } from '../licence/codes.ts';
import { COMPETITIONS, teamById } from '../sports/competitions.ts';
import { demoEventRow, seedDemoMatches, type DemoMatchRef } from '../sports/demo-matches.ts';
import { prematchBook } from '../sports/event-models.ts';
import { advance, timeline, ZERO_COUNTS } from '../sports/match-clock.ts';
import type { PricedChoice } from '../sports/markets.ts';
import { settleChoice, type FinalStats } from '../sports/settle-choice.ts';
import { toBasisPoints, toCents } from '../sports/markets-repo.ts';
import { effectiveModel, mainOdds, matchModel, newModelRow } from '../sports/model.ts';
import { createRng, stableUuid } from '../sports/rng.ts';
import { legSnapshot, loadEvents } from './slip-view.ts';
import { transaction } from '../db/transaction.ts';

// Demo data of the betting area, so a fresh start shows every state: live and finished matches today, licence
// codes, and slips in every state for the demo users: pending, won, failed, void, hidden, published, saved and
// commented by others. And a history for the verified record: finished matches of the last weeks and the settled slips
// of a few tipsters on them, settled from those matches' results as the feed would, so the community board has a
// ranking (users with 20+ settled slips) and someone below the guard.

type Leg = Omit<FichaSelecoesTable, 'ficha_id' | 'posicao' | keyof ReturnType<typeof legSnapshot>>;

const PREFERRED: readonly [string, string][] = [
  ['ft_result', 'home'],
  ['goals', 'over_1.5'],
  ['btts', 'yes'],
  ['double_chance', '1X'],
  ['corners', 'over_8.5'],
  ['goals', 'under_3.5'],
  ['ft_result', 'away'],
];

const SETTLE_CANDIDATES: readonly [string, string][] = [
  ['ft_result', 'home'],
  ['ft_result', 'draw'],
  ['ft_result', 'away'],
  ['goals', 'over_2.5'],
  ['goals', 'under_2.5'],
  ['btts', 'yes'],
  ['btts', 'no'],
  ['corners', 'over_9.5'],
  ['corners', 'under_9.5'],
];

/** A pending leg on a match that has not started, at its current price. */
async function upcomingLeg(db: Db, eventId: string, index: number): Promise<Leg | undefined> {
  const rows = await db.selectFrom('mercados').selectAll().where('evento_id', '=', eventId).execute();
  for (let i = 0; i < PREFERRED.length; i += 1) {
    const [type, choice] = PREFERRED[(index + i) % PREFERRED.length] ?? ['ft_result', 'home'];
    const row = rows.find((r) => r.tipo === type && r.escolha === choice);
    if (!row) continue;
    return {
      evento_id: eventId,
      tipo: type,
      escolha: choice,
      odds: row.odds,
      probabilidade: row.probabilidade,
      odds_trend: row.odds_trend,
      probabilidade_trend: row.probabilidade_trend,
      bet_status: 'pending',
      has_warning: 0,
    };
  }
  return undefined;
}

/** A demo leg at the price the book had for its choice. */
function legOf(eventId: string, type: string, choice: string, priced: { odds: number; probability: number }, status: BetStatus): Leg {
  return {
    evento_id: eventId,
    tipo: type,
    escolha: choice,
    odds: toCents(priced.odds),
    probabilidade: toBasisPoints(priced.probability),
    odds_trend: 'down',
    probabilidade_trend: 'up',
    bet_status: status,
    has_warning: 0,
  };
}

/** A leg on a match that kicked off, at the price it had before kick-off, settled if the match is over. */
async function playedLeg(db: Db, eventId: string, want: BetStatus): Promise<Leg | undefined> {
  const row = await db
    .selectFrom('eventos')
    .innerJoin('evento_modelos', 'evento_modelos.evento_id', 'eventos.id')
    .selectAll('evento_modelos')
    .select(['eventos.status', 'eventos.home_goals', 'eventos.away_goals'])
    .where('eventos.id', '=', eventId)
    .executeTakeFirst();
  if (!row) return undefined;
  const book = prematchBook(effectiveModel(row), eventId).priced;
  const stats: FinalStats = {
    goals: { home: row.home_goals ?? 0, away: row.away_goals ?? 0 },
    h1Goals: { home: row.h1_home_goals, away: row.h1_away_goals },
    corners: { home: row.home_corners, away: row.away_corners },
    h1Corners: { home: row.h1_home_corners, away: row.h1_away_corners },
  };
  const statusOf = (type: string, choice: string): BetStatus => {
    if (row.status === 'FT') return settleChoice(type, choice, stats) ?? 'void';
    return row.status === 'ABD' ? 'void' : 'pending';
  };
  for (const [type, choice] of SETTLE_CANDIDATES) {
    const status = statusOf(type, choice);
    const priced = book.find((c) => c.type === type && c.choice === choice);
    if (status !== want || !priced) continue;
    return legOf(eventId, type, choice, priced, status);
  }
  return undefined;
}

/** How far back the demo history goes, and how many finished matches it has (about one a day). */
const HISTORY_DAYS = 45;
const HISTORY_MATCHES = 44;
/** Every so many history matches, one was abandoned: its legs are void. */
const ABANDON_EVERY = 11;

interface PastMatch {
  id: string;
  kickoff: Date;
  /** When the feed settled it (the final whistle, or the minute it was abandoned). */
  settledAt: Date;
  /** Final stats, or 'void' for an abandoned match. */
  stats: FinalStats | 'void';
  /** The pre-match prices a slip was made at. */
  book: readonly PricedChoice[];
}

/**
 * Finished matches of the last HISTORY_DAYS days, played through by the same model and clock the simulator uses, so
 * their results and prices are as the feed would have them. One per day at 17:00 UTC or so, oldest first.
 */
async function seedPastMatches(db: Db, input: { now: Date; seed: number }): Promise<PastMatch[]> {
  const rng = createRng(`demo-history:${input.seed}`);
  const matches: PastMatch[] = [];
  for (let i = 0; i < HISTORY_MATCHES; i += 1) {
    const competition = COMPETITIONS[i % COMPETITIONS.length];
    if (!competition || competition.teamIds.length < 2) continue;
    const home = teamById(rng.pick(competition.teamIds));
    const away = teamById(rng.pick(competition.teamIds.filter((id) => id !== home.id)));
    const id = stableUuid(`demo-history:${input.seed}:${i}`);
    const daysAgo = HISTORY_DAYS - Math.floor((i * (HISTORY_DAYS - 1)) / HISTORY_MATCHES);
    const kickoff = new Date(Date.UTC(input.now.getUTCFullYear(), input.now.getUTCMonth(), input.now.getUTCDate() - daysAgo, 15 + (i % 5), 0));
    const model = matchModel({ eventId: id, homeRating: home.rating, awayRating: away.rating, seed: input.seed });
    const abandonAt = i % ABANDON_EVERY === ABANDON_EVERY - 1 ? 58 : null;
    const row = { ...newModelRow({ eventId: id, model, now: kickoff }), abandon_at: abandonAt };
    const script = { stoppage1: row.stoppage_1, stoppage2: row.stoppage_2, abandonAt };
    const { end } = timeline(script);
    const played = advance({ model, script, from: null, to: end, counts: ZERO_COUNTS, rng: createRng(`demo-history-play:${id}`) });
    const main = mainOdds(model);
    const settledAt = new Date(kickoff.getTime() + ((abandonAt ?? end) + 17) * 60_000);
    await transaction(db, async (trx) => {
      await trx
        .insertInto('eventos')
        .values(
          demoEventRow({ id, kickoff, competitionId: competition.id, home, away, played, main, oddsLive: null, updatedAt: settledAt }),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('evento_modelos')
        .values({
          ...row,
          clock: played.clock,
          h1_home_goals: played.counts.h1Goals.home,
          h1_away_goals: played.counts.h1Goals.away,
          home_corners: played.counts.corners.home,
          away_corners: played.counts.corners.away,
          h1_home_corners: played.counts.h1Corners.home,
          h1_away_corners: played.counts.h1Corners.away,
        })
        .onConflict((oc) => oc.column('evento_id').doNothing())
        .execute();
    });
    matches.push({
      id,
      kickoff,
      settledAt,
      stats: played.status === 'ABD' ? 'void' : played.counts,
      book: prematchBook(effectiveModel(row), id).priced,
    });
  }
  return matches;
}

/**
 * Each tipster's history, one letter a slip in the order they settled: W won (one leg), D won (two legs), w won with
 * a leg on an abandoned match (void, at odds 1), L lost (one leg), M lost (two legs, one won), V void (its only leg
 * on an abandoned match).
 */
const HISTORIES: readonly { user: string; plan: string; stakes: readonly number[] }[] = [
  // 26 settled: 19 won, 7 lost: a good ROI.
  { user: 'kiala_tips', plan: 'WWLDWWMWWLWDWWLWwWLWWMWDLW', stakes: [1000, 2000, 1500, 500] },
  // 23 settled (12 won, 11 lost) and a void one, plus today's won slip.
  { user: 'analista', plan: 'WLMWLWDLLWVWLWMWLWwLMWLD', stakes: [5000, 2500, 3000] },
  // 21 settled: 6 won, 15 lost: a losing record, ranked last.
  { user: 'nzinga', plan: 'LLWMLDLLMWLLWLMLWLLWL', stakes: [500, 1000, 750] },
  // 8 settled (5 won): below the guard, listed but not ranked.
  { user: 'joana_silva', plan: 'WLWDLMWW', stakes: [200, 300] },
];

/** A leg on a past match whose choice settled `want` (choices tried from `start`, so tipsters vary their picks). */
function pastLeg(match: PastMatch, want: 'won' | 'failed' | 'void', start: number): Leg | undefined {
  for (let i = 0; i < SETTLE_CANDIDATES.length; i += 1) {
    const [type, choice] = SETTLE_CANDIDATES[(start + i) % SETTLE_CANDIDATES.length] ?? ['ft_result', 'home'];
    const status = match.stats === 'void' ? 'void' : (settleChoice(type, choice, match.stats) ?? 'void');
    const priced = match.book.find((c) => c.type === type && c.choice === choice);
    if (status !== want || !priced) continue;
    return legOf(match.id, type, choice, priced, status);
  }
  return undefined;
}

/** The history's slips: each published a few hours before its first match, settled when the feed decided it. */
async function historySlips(db: Db, input: { now: Date; seed: number }): Promise<DemoSlip[]> {
  const matches = await seedPastMatches(db, input);
  const played = matches.filter((m) => m.stats !== 'void');
  const abandoned = matches.filter((m) => m.stats === 'void');
  const slips: DemoSlip[] = [];
  for (const [t, history] of HISTORIES.entries()) {
    const user = await userId(db, history.user);
    if (!user) continue;
    const letters = [...history.plan];
    for (const [i, letter] of letters.entries()) {
      // Spread over the history, oldest first; two-leg slips take the next match too.
      const at = Math.min(played.length - 2, Math.floor((i * (played.length - 1)) / letters.length));
      const first = played[at];
      const second = played[at + 1];
      const gone = abandoned[(i + t) % Math.max(1, abandoned.length)];
      if (!first || !second || !gone) continue;
      const start = i * 3 + t;
      const plan: [PastMatch, 'won' | 'failed' | 'void'][] =
        letter === 'W' ? [[first, 'won']]
        : letter === 'D' ? [[first, 'won'], [second, 'won']]
        : letter === 'w' ? [[first, 'won'], [gone, 'void']]
        : letter === 'L' ? [[first, 'failed']]
        : letter === 'M' ? [[first, 'won'], [second, 'failed']]
        : [[gone, 'void']];
      const legs = plan.map(([match, want], k) => pastLeg(match, want, start + k));
      const used = plan.map(([match]) => match);
      const kickoff = Math.min(...used.map((m) => m.kickoff.getTime()));
      // Settled when the last leg was decided, or at the first lost one.
      const lost = plan.filter(([, want]) => want === 'failed').map(([m]) => m.settledAt.getTime());
      const settledAt = lost.length > 0 ? Math.min(...lost) : Math.max(...used.map((m) => m.settledAt.getTime()));
      slips.push({
        userId: user,
        valor: history.stakes[i % history.stakes.length] ?? 500,
        legs,
        createdAt: new Date(kickoff - (2 + ((i + t) % 5)) * 3_600_000),
        settledAt: new Date(settledAt),
      });
    }
  }
  return slips;
}

interface DemoSlip {
  userId: string;
  valor: number;
  legs: (Leg | undefined)[];
  hidden?: boolean;
  createdAt: Date;
  /** When the feed settled it (history); otherwise at creation, for a slip already decided. */
  settledAt?: Date;
}

async function insertSlip(db: Db, input: DemoSlip): Promise<string | undefined> {
  const legs = input.legs.filter((leg): leg is Leg => leg !== undefined);
  if (legs.length === 0) return undefined;
  const id = newId();
  const estado = slipOutcome(legs.map((leg) => leg.bet_status));
  const events = await loadEvents(db, legs.map((leg) => leg.evento_id));
  await transaction(db, async (trx) => {
    const { seq, createdAt: at } = await nextListPlace(trx, LIST.slips, input.createdAt);
    await trx
      .insertInto('fichas')
      .values({
        id,
        usuario_id: input.userId,
        valor: input.valor,
        estado,
        oculta: input.hidden ? 1 : 0,
        odds_change: 0,
        created_at: at,
        seq,
        settled_at: estado === 'pending' ? null : (input.settledAt?.toISOString() ?? at),
        updated_at: input.settledAt?.toISOString() ?? at,
        publicada_em: at,
      })
      .execute();
    await trx
      .insertInto('ficha_selecoes')
      .values(
        legs.map((leg, posicao) => {
          const event = events.get(leg.evento_id);
          return { ...leg, ...(event ? legSnapshot(event) : {}), ficha_id: id, posicao };
        }),
      )
      .execute();
  });
  return id;
}

async function userId(db: Db, nomeUsuario: string): Promise<string | undefined> {
  return (await db.selectFrom('usuarios').select('id').where('nome_usuario', '=', nomeUsuario).executeTakeFirst())?.id;
}

export async function seedDemoSlips(db: Db, input: { now: Date; seed: number; matches: readonly DemoMatchRef[] }): Promise<number> {
  const { now } = input;
  const demo = await userId(db, 'demo');
  const analista = await userId(db, 'analista');
  const oficial = await userId(db, 'fichasoficial');
  if (!demo || !analista || !oficial) return 0;
  const upcoming = (
    await db
      .selectFrom('eventos')
      .select('id')
      .where('status', '=', 'NS')
      .where('date', '>', new Date(now.getTime() + 3_600_000).toISOString())
      .orderBy('date')
      .orderBy('id')
      .limit(60)
      .execute()
  ).map((row) => row.id);
  const ref = (state: DemoMatchRef['state']) => input.matches.filter((m) => m.state === state).map((m) => m.id);
  const finished = ref('ft');
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  const next = (i: number) => upcoming[i % Math.max(1, upcoming.length)] ?? '';
  const upcomingLegs = (indexes: readonly number[]) => Promise.all(indexes.map((i) => upcomingLeg(db, next(i), i)));
  const playedLegs = (ids: readonly string[], want: BetStatus) => Promise.all(ids.map((id) => playedLeg(db, id, want)));

  // The official account is exempt from the 25-selection limit (SPEC §6): its showcase slip has more.
  const showcase = Array.from({ length: Math.min(30, upcoming.length) }, (_, i) => i);
  const slips: (DemoSlip & { name?: 'tips' | 'analistaWon' | 'big' })[] = [
    { userId: demo, valor: 500, legs: await upcomingLegs([0, 1, 2]), createdAt: at(30) },
    { userId: demo, valor: 1000, legs: await playedLegs(finished, 'won'), createdAt: at(300) },
    {
      userId: demo,
      valor: 200,
      legs: [...(await playedLegs(finished.slice(0, 1), 'failed')), ...(await upcomingLegs([3]))],
      createdAt: at(290),
    },
    { userId: demo, valor: 300, legs: await playedLegs(ref('abd'), 'void'), createdAt: at(200) },
    { userId: demo, valor: 150, legs: await upcomingLegs([4, 5]), hidden: true, createdAt: at(20) },
    {
      userId: demo,
      valor: 250,
      legs: [...(await playedLegs(ref('h1'), 'pending')), ...(await upcomingLegs([6]))],
      createdAt: at(40),
    },
    { name: 'tips', userId: analista, valor: 2000, legs: await upcomingLegs([7, 8, 9, 10]), createdAt: at(60) },
    { name: 'analistaWon', userId: analista, valor: 5000, legs: await playedLegs(finished.slice(1, 2), 'won'), createdAt: at(320) },
    { name: 'big', userId: oficial, valor: 100, legs: await upcomingLegs(showcase), createdAt: at(90) },
  ];
  const history = await historySlips(db, { now, seed: input.seed });
  const named = new Map<string, string>();
  let created = 0;
  // Oldest first, so each slip's place in the slips' list agrees with its (past) time.
  const all: (DemoSlip & { name?: 'tips' | 'analistaWon' | 'big' })[] = [...history, ...slips];
  for (const slip of all.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const id = await insertSlip(db, slip);
    if (!id) continue;
    created += 1;
    if (slip.name) named.set(slip.name, id);
  }
  const tips = named.get('tips');

  const saves: [string, string | undefined][] = [
    [demo, tips],
    [oficial, tips],
    [demo, named.get('analistaWon')],
    [analista, named.get('big')],
  ];
  const comments: [string, string, number][] = [
    [demo, 'Boa ficha, vou seguir esta!', 50],
    [oficial, 'Atenção aos cantos no segundo jogo.', 45],
    [analista, 'Obrigado! Boa sorte a todos.', 40],
  ];
  await transaction(db, async (trx) => {
    for (const [user, slip] of saves) {
      if (!slip) continue;
      const { seq, createdAt } = await nextListPlace(trx, LIST.saved(user), at(10));
      await trx.insertInto('fichas_guardadas').values({ usuario_id: user, ficha_id: slip, created_at: createdAt, seq }).execute();
    }
    if (!tips) return;
    for (const [user, texto, minutes] of [...comments].sort((a, b) => b[2] - a[2])) {
      const { seq, createdAt } = await nextListPlace(trx, LIST.comments(tips), at(minutes));
      await trx
        .insertInto('ficha_comentarios')
        .values({ id: newId(), ficha_id: tips, usuario_id: user, texto, created_at: createdAt, seq })
        .execute();
    }
  });
  return created;
}

/** Everything the betting area adds to a fresh demo database; run once, after the users and fixtures exist. */
export async function seedBettingDemo(db: Db, input: { now?: Date; seed: number }): Promise<void> {
  const now = input.now ?? new Date();
  await seedLicenceCodes(db, now);
  const matches = await seedDemoMatches(db, { now, seed: input.seed });
  await seedDemoSlips(db, { now, seed: input.seed, matches });
}
