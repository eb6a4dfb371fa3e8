import { slipOutcome } from '../../contract/slip-math.ts';
import type { Db } from '../db/create-db.ts';
import { LIST, nextListPlace } from '../db/list-place.ts';
import type { BetStatus, FichaSelecoesTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { seedLicenceCodes } from '../licence/codes.ts';
import { seedDemoMatches, type DemoMatchRef } from '../sports/demo-matches.ts';
import { prematchBook } from '../sports/event-models.ts';
import { settleChoice, type FinalStats } from '../sports/settle-choice.ts';
import { toBasisPoints, toCents } from '../sports/markets-repo.ts';
import { effectiveModel } from '../sports/model.ts';
import { legSnapshot, loadEvents } from './slip-view.ts';

// Demo data of the betting area, so a fresh start shows every state: live and finished matches today, licence
// codes, and slips in every state for the demo users: pending, won, failed, void, hidden, published, saved and
// commented by others.

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
  return undefined;
}

interface DemoSlip {
  userId: string;
  valor: number;
  legs: (Leg | undefined)[];
  hidden?: boolean;
  createdAt: Date;
}

async function insertSlip(db: Db, input: DemoSlip): Promise<string | undefined> {
  const legs = input.legs.filter((leg): leg is Leg => leg !== undefined);
  if (legs.length === 0) return undefined;
  const id = newId();
  const estado = slipOutcome(legs.map((leg) => leg.bet_status));
  const events = await loadEvents(db, legs.map((leg) => leg.evento_id));
  await db.transaction().execute(async (trx) => {
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
        settled_at: estado === 'pending' ? null : at,
        updated_at: at,
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

export async function seedDemoSlips(db: Db, input: { now: Date; matches: readonly DemoMatchRef[] }): Promise<number> {
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
  const named = new Map<string, string>();
  let created = 0;
  // Oldest first, so each slip's place in the slips' list agrees with its (past) time.
  for (const slip of [...slips].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
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
  await db.transaction().execute(async (trx) => {
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
  await seedDemoSlips(db, { now, matches });
}
