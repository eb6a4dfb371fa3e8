import type { Db } from '../db/create-db.ts';
import type { EventoModelosTable } from '../db/schema.ts';
import type { Signals } from '../signals/signals.ts';
import { announceKickOff, settleEvent } from '../slips/settlement.ts';
import { prematchBook } from './event-models.ts';
import { advance, type Counts } from './match-clock.ts';
import { priceMarkets, resultOdds } from './markets.ts';
import { clearMarkets, writeMarkets } from './markets-repo.ts';
import { effectiveModel, mainOdds } from './model.ts';
import { createRng } from './rng.ts';
import { transaction } from '../db/transaction.ts';

// The live simulator: plays the matches of the embedded feed in simulated time, NS -> LIVE -> HT ->
// LIVE -> FT (a few abandoned), with goals and corners drawn from each match's model, live prices recomputed from
// the score and the time left, and the selections and slips on a finished match settled. Before kick-off the
// markets drift a little, so odds move as they do at a bookmaker.

export interface SimulatorOptions {
  db: Db;
  signals: Signals;
  /** Match minutes per real minute: 1 plays in real time, 60 plays a minute per second. */
  speed: number;
  /** Seed of the random draws, so a run can be replayed. */
  seed: number;
  /** Real time between pre-match price drifts of one event (scaled down by speed). */
  driftMs?: number;
}

export interface TickReport {
  kickedOff: string[];
  progressed: number;
  finished: string[];
  abandoned: string[];
  drifted: string[];
  settledSelections: number;
  settledSlips: string[];
}

const MAX_EVENTS_PER_TICK = 200;
const DRIFT_BATCH = 3;
const DRIFT_STEP = 0.05;
const DRIFT_LIMIT = 0.3;
const DRIFT_HORIZON_MS = 48 * 3_600_000;
const DEFAULT_DRIFT_MS = 20 * 60_000;

const countsOf = (row: EventoModelosTable): Counts => ({
  goals: { home: 0, away: 0 },
  h1Goals: { home: row.h1_home_goals, away: row.h1_away_goals },
  corners: { home: row.home_corners, away: row.away_corners },
  h1Corners: { home: row.h1_home_corners, away: row.h1_away_corners },
});

/** Another simulator moved this match since it was read; this tick leaves it alone. */
class TickLost extends Error {
  constructor() {
    super('match moved by another simulator');
  }
}

export class LiveSimulator {
  private readonly db: Db;
  private readonly signals: Signals;
  private readonly speed: number;
  private readonly seed: number;
  private readonly driftMs: number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<unknown> | undefined;

  constructor(options: SimulatorOptions) {
    this.db = options.db;
    this.signals = options.signals;
    this.speed = options.speed;
    this.seed = options.seed;
    this.driftMs = Math.max(5_000, (options.driftMs ?? DEFAULT_DRIFT_MS) / Math.max(1, options.speed));
  }

  /** Real milliseconds between ticks: about one match minute per tick, between 1 and 10 seconds. */
  get intervalMs(): number {
    return Math.min(10_000, Math.max(1_000, 60_000 / this.speed));
  }

  start(): void {
    if (this.timer) return;
    const run = () => {
      if (this.running) return;
      this.running = this.tick(new Date())
        .catch((error: unknown) => console.error('[simulator] tick failed', error))
        .finally(() => {
          this.running = undefined;
        });
    };
    run();
    this.timer = setInterval(run, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One step of the world at `now` (injected, so tests drive the clock). */
  async tick(now: Date): Promise<TickReport> {
    const report: TickReport = {
      kickedOff: [],
      progressed: 0,
      finished: [],
      abandoned: [],
      drifted: [],
      settledSelections: 0,
      settledSlips: [],
    };
    const playing = await this.db
      .selectFrom('eventos')
      .innerJoin('evento_modelos', 'evento_modelos.evento_id', 'eventos.id')
      .selectAll('evento_modelos')
      .select(['eventos.id', 'eventos.date', 'eventos.status', 'eventos.home_goals', 'eventos.away_goals'])
      .where((eb) =>
        eb.or([
          eb.and([eb('eventos.status', '=', 'NS'), eb('eventos.date', '<=', now.toISOString())]),
          eb('eventos.status', 'in', ['LIVE', 'HT']),
        ]),
      )
      .orderBy('eventos.date')
      .limit(MAX_EVENTS_PER_TICK)
      .execute();
    for (const row of playing) await this.play(row, now, report);
    await this.drift(now, report);
    return report;
  }

  private async play(
    row: EventoModelosTable & { id: string; date: string; status: string; home_goals: number | null; away_goals: number | null },
    now: Date,
    report: TickReport,
  ): Promise<void> {
    const perMs = this.speed / 60_000;
    const notStarted = row.status === 'NS';
    const from = notStarted ? null : (row.clock ?? 0);
    // A match kicks off at its scheduled time; one found late (server was down) catches up to where it would be.
    const to = notStarted
      ? Math.max(0, now.getTime() - Date.parse(row.date)) * perMs
      : (row.clock ?? 0) + Math.max(0, now.getTime() - Date.parse(row.ticked_at)) * perMs;
    const counts = countsOf(row);
    counts.goals = { home: row.home_goals ?? 0, away: row.away_goals ?? 0 };
    const model = effectiveModel(row);
    const rng = createRng(`tick:${this.seed}:${row.id}:${from ?? -1}:${to}`);
    const next = advance({
      model,
      script: { stoppage1: row.stoppage_1, stoppage2: row.stoppage_2, abandonAt: row.abandon_at },
      from,
      to,
      counts,
      rng,
    });
    const at = now.toISOString();
    const deliveries: (() => Promise<void>)[] = [];
    try {
      await transaction(this.db, async (trx) => {
        const claimed = await trx
          .updateTable('evento_modelos')
          .set({
            clock: next.clock,
            h1_home_goals: next.counts.h1Goals.home,
            h1_away_goals: next.counts.h1Goals.away,
            home_corners: next.counts.corners.home,
            away_corners: next.counts.corners.away,
            h1_home_corners: next.counts.h1Corners.home,
            h1_away_corners: next.counts.h1Corners.away,
            ticked_at: at,
          })
          .where('evento_id', '=', row.id)
          // Only from the state this tick read: a second simulator (a take-over in progress) moves a match once.
          .where('ticked_at', '=', row.ticked_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) throw new TickLost();
        await trx
          .updateTable('eventos')
          .set({
            status: next.status,
            home_goals: next.counts.goals.home,
            away_goals: next.counts.goals.away,
            elapsed: next.elapsed,
            odds_live: next.state ? JSON.stringify(resultOdds(model, next.state)) : null,
            updated_at: at,
          })
          .where('id', '=', row.id)
          .execute();
        if (next.state) {
          await writeMarkets(trx, { eventId: row.id, priced: priceMarkets(model, next.state), now });
          // Kicked off in this tick: the owners of open slips with a leg on it are told (once, keyed).
          if (notStarted) deliveries.push(...(await announceKickOff(trx, { eventId: row.id, signals: this.signals })));
          return;
        }
        await clearMarkets(trx, row.id);
        const settled = await settleEvent(trx, {
          eventId: row.id,
          stats: next.status === 'ABD' ? 'void' : next.counts,
          now,
          signals: this.signals,
        });
        report.settledSelections += settled.selections;
        report.settledSlips.push(...settled.slips.map((slip) => slip.id));
        deliveries.push(...settled.deliveries);
      });
    } catch (error) {
      if (error instanceof TickLost) return;
      throw error;
    }
    for (const deliver of deliveries) await deliver().catch((error: unknown) => console.error('[simulator] signal', error));
    if (notStarted) report.kickedOff.push(row.id);
    else report.progressed += 1;
    if (next.status === 'FT') report.finished.push(row.id);
    if (next.status === 'ABD') report.abandoned.push(row.id);
  }

  /** Nudges the prices of a few matches of the next two days, the ones left alone longest first. */
  private async drift(now: Date, report: TickReport): Promise<void> {
    const due = await this.db
      .selectFrom('eventos')
      .innerJoin('evento_modelos', 'evento_modelos.evento_id', 'eventos.id')
      .selectAll('evento_modelos')
      .where('eventos.status', '=', 'NS')
      .where('eventos.date', '>', now.toISOString())
      .where('eventos.date', '<=', new Date(now.getTime() + DRIFT_HORIZON_MS).toISOString())
      .where('evento_modelos.ticked_at', '<=', new Date(now.getTime() - this.driftMs).toISOString())
      .orderBy('evento_modelos.ticked_at')
      .orderBy('evento_modelos.evento_id')
      .limit(DRIFT_BATCH)
      .execute();
    for (const row of due) {
      const rng = createRng(`drift:${this.seed}:${row.evento_id}:${now.getTime()}`);
      const ajuste = Math.max(-DRIFT_LIMIT, Math.min(DRIFT_LIMIT, row.ajuste + (rng.next() * 2 - 1) * DRIFT_STEP));
      await repriceEvent(this.db, { eventId: row.evento_id, model: row, ajuste, now });
      report.drifted.push(row.evento_id);
    }
  }
}

/** Re-prices a not-started match with a new drift: its markets (trends follow) and its main odds. */
export async function repriceEvent(
  db: Db,
  input: { eventId: string; model: EventoModelosTable; ajuste: number; now: Date },
): Promise<void> {
  const model = effectiveModel({ ...input.model, ajuste: input.ajuste });
  const main = mainOdds(model);
  await transaction(db, async (trx) => {
    await writeMarkets(trx, { eventId: input.eventId, priced: prematchBook(model, input.eventId).priced, now: input.now });
    await trx
      .updateTable('eventos')
      .set({ odds: JSON.stringify(main.odds), probability: JSON.stringify(main.probability), updated_at: input.now.toISOString() })
      .where('id', '=', input.eventId)
      .execute();
    await trx
      .updateTable('evento_modelos')
      .set({ ajuste: input.ajuste, ticked_at: input.now.toISOString() })
      .where('evento_id', '=', input.eventId)
      .execute();
  });
}
