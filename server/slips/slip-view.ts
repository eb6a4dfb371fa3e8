import type { Kysely } from 'kysely';
import type { MarketType } from '../../contract/schemas/events.ts';
import type { Ficha, Selection } from '../../contract/schemas/slips.ts';
import { roundOdds, slipMultiplier, slipReturn } from '../../contract/slip-math.ts';
import { EVENT_GONE_STATUS } from '../../contract/staleness.ts';
import type { BetStatus, Database, FichaSelecoesTable, FichasTable } from '../db/schema.ts';
import { loadUsers, missingUser, toSender } from '../social/shared/users.ts';
import { eventQuery, type EventRow } from '../sports/events-query.ts';
import { choiceKey, currentChoices, fromBasisPoints, fromCents, type MarketRow } from '../sports/markets-repo.ts';
import { loadRecordSummaries } from './record.ts';

type Q = Kysely<Database>;

export async function loadEvents(q: Q, ids: readonly string[]): Promise<Map<string, EventRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await eventQuery(q).where('eventos.id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

type LegSnapshot = Pick<FichaSelecoesTable, 'casa_id' | 'casa_nome' | 'fora_id' | 'fora_nome' | 'competicao_id' | 'competicao_nome' | 'inicio'>;

/** What a leg keeps of its event when the slip is made, to be shown if the event leaves the feed. */
export function legSnapshot(event: EventRow): LegSnapshot {
  return {
    casa_id: event.home_id,
    casa_nome: event.home_name,
    fora_id: event.away_id,
    fora_nome: event.away_name,
    competicao_id: event.competition_id,
    competicao_nome: event.competition_name,
    inicio: event.date,
  };
}

/** A leg's event from its own copy, for a leg whose event is gone from the feed. */
function goneEvent(leg: Pick<FichaSelecoesTable, 'evento_id'> & LegSnapshot): ShownEvent {
  return {
    id: leg.evento_id,
    date: leg.inicio ?? '',
    status: EVENT_GONE_STATUS,
    competition_id: leg.competicao_id ?? '',
    competition_name: leg.competicao_nome ?? '',
    home_id: leg.casa_id ?? '',
    home_name: leg.casa_nome ?? '',
    home_position: null,
    away_id: leg.fora_id ?? '',
    away_name: leg.fora_nome ?? '',
    away_position: null,
    home_goals: null,
    away_goals: null,
    elapsed: null,
  };
}

/** A match that has kicked off (or whose kick-off time has passed) takes no more bets. */
export function hasStarted(event: Pick<EventRow, 'status' | 'date'>, now: Date): boolean {
  return event.status !== 'NS' || Date.parse(event.date) <= now.getTime();
}

/**
 * The same choice's market as it is now (the stale-slip check): open while the match has not started and
 * the choice is still offered; the current price whenever it is offered.
 */
export function selectionNow(event: Pick<EventRow, 'status' | 'date'> | undefined, current: MarketRow | undefined, now: Date): NonNullable<Selection['event_selection_now']> {
  return {
    open: event !== undefined && current !== undefined && !hasStarted(event, now),
    odds: current ? fromCents(current.odds) : null,
  };
}

export interface PickValues {
  type: string;
  choice: string;
  /** Hundredths. */
  odds: number;
  /** Basis points. */
  probabilidade: number;
  odds_trend: 'up' | 'down';
  probabilidade_trend: 'up' | 'down';
}

/** What a selection shows of its event. */
export type ShownEvent = Omit<EventRow, 'odds' | 'odds_live' | 'probability'>;

export function toSelection(event: ShownEvent, pick: PickValues, betStatus: BetStatus, hasWarning: boolean): Selection {
  return {
    event_id: event.id,
    event_scheduled: event.date,
    event_status: event.status,
    bet_status: betStatus,
    hasWarning,
    event_tournament: { id: event.competition_id, name: event.competition_name },
    event_competitors: [
      { id: event.home_id, name: event.home_name, position: event.home_position, identifier: 'home' },
      { id: event.away_id, name: event.away_name, position: event.away_position, identifier: 'away' },
    ],
    event_selection: {
      type: pick.type as MarketType,
      choice: pick.choice,
      odds: fromCents(pick.odds),
      oddsTrend: pick.odds_trend,
      probability: fromBasisPoints(pick.probabilidade),
      probabilityTrend: pick.probabilidade_trend,
    },
    event_score: { home: event.home_goals, away: event.away_goals, elapsed: event.elapsed },
  };
}

/** Multiplier and return of a slip: void legs count as odds 1 (SPEC §3 slip maths). */
export function slipTotals(valor: number, selecoes: readonly Selection[]): { multiplicador: number; retorno: number } {
  // The exact product (as the app's slip builder computes it), cleared of floating-point noise; the return to the cent.
  const product = slipMultiplier(selecoes.filter((s) => s.bet_status !== 'void').map((s) => s.event_selection.odds));
  const multiplicador = Math.round(product * 1e6) / 1e6;
  return { multiplicador, retorno: roundOdds(slipReturn(valor, multiplicador)) };
}

async function countBy(q: Q, table: 'fichas_guardadas' | 'ficha_comentarios', ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await q
    .selectFrom(table)
    .select((eb) => ['ficha_id', eb.fn.countAll<number | string>().as('n')])
    .where('ficha_id', 'in', ids)
    .groupBy('ficha_id')
    .execute();
  return new Map(rows.map((row) => [row.ficha_id, Number(row.n)]));
}

/** Slips by id as the API shows them, in the order given; ids that do not exist are left out. */
export async function loadFichas(q: Q, ids: readonly string[], viewerId: string | null, now: Date = new Date()): Promise<Ficha[]> {
  if (ids.length === 0) return [];
  const slips = await q.selectFrom('fichas').selectAll().where('id', 'in', ids).execute();
  const legs = await q
    .selectFrom('ficha_selecoes')
    .selectAll()
    .where('ficha_id', 'in', ids)
    .orderBy('ficha_id')
    .orderBy('posicao')
    .execute();
  const events = await loadEvents(q, legs.map((leg) => leg.evento_id));
  const prices = await currentChoices(q, legs.map((leg) => ({ eventId: leg.evento_id, type: leg.tipo, choice: leg.escolha })));
  const users = await loadUsers(q, slips.map((slip) => slip.usuario_id));
  const savedRows = viewerId
    ? await q.selectFrom('fichas_guardadas').select('ficha_id').where('usuario_id', '=', viewerId).where('ficha_id', 'in', ids).execute()
    : [];
  const saved = new Set(savedRows.map((row) => row.ficha_id));
  const saves = await countBy(q, 'fichas_guardadas', ids);
  const comments = await countBy(q, 'ficha_comentarios', ids);
  const records = await loadRecordSummaries(q, [...new Set(slips.map((slip) => slip.usuario_id))], now);

  const legsBySlip = new Map<string, Selection[]>();
  for (const leg of legs) {
    // A leg whose event left the feed is still shown, from its own copy, as 'SR' (sem resultado).
    const event = events.get(leg.evento_id);
    const list = legsBySlip.get(leg.ficha_id) ?? [];
    const selection = toSelection(event ?? goneEvent(leg), { ...leg, type: leg.tipo, choice: leg.escolha }, leg.bet_status, leg.has_warning === 1);
    selection.event_selection_now = selectionNow(event, event ? prices.get(choiceKey(leg.evento_id, leg.tipo, leg.escolha)) : undefined, now);
    list.push(selection);
    legsBySlip.set(leg.ficha_id, list);
  }
  const byId = new Map(slips.map((slip) => [slip.id, slip]));
  return ids.flatMap((id) => {
    const slip = byId.get(id);
    if (!slip) return [];
    return [toFicha(slip, legsBySlip.get(id) ?? [], {
      owner: toSender(users.get(slip.usuario_id) ?? missingUser(slip.usuario_id)),
      saved: saved.has(id),
      saves: saves.get(id) ?? 0,
      comments: comments.get(id) ?? 0,
      record: records.get(slip.usuario_id),
    })];
  });
}

function toFicha(
  slip: FichasTable,
  selecoes: Selection[],
  extra: { owner: Ficha['usuario']; saved: boolean; saves: number; comments: number; record: Ficha['registoAutor'] },
): Ficha {
  return {
    id: slip.id,
    _id: slip.id,
    usuario: extra.owner,
    selecoes,
    valor: slip.valor,
    ...slipTotals(slip.valor, selecoes),
    oddsChange: slip.odds_change === 1,
    estado: slip.estado,
    publicada: slip.oculta === 0,
    guardada: extra.saved,
    totalGuardadas: extra.saves,
    totalComentarios: extra.comments,
    createdAt: slip.created_at,
    settledAt: slip.settled_at,
    // Published at creation: selections, odds and stake are locked from then on.
    ...(slip.publicada_em ? { publicadaEm: slip.publicada_em } : {}),
    ...(extra.record ? { registoAutor: extra.record } : {}),
    ...(slip.nota ? { nota: slip.nota } : {}),
  };
}

export async function loadFicha(q: Q, id: string, viewerId: string | null, now: Date = new Date()): Promise<Ficha | undefined> {
  return (await loadFichas(q, [id], viewerId, now))[0];
}

/** Whether a viewer may see a slip: its owner always, anybody else only while it is published. */
export function canView(slip: Pick<FichasTable, 'usuario_id' | 'oculta'>, viewerId: string | null): boolean {
  return slip.usuario_id === viewerId || slip.oculta === 0;
}
