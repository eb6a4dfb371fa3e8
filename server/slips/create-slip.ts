import type { Context } from 'hono';
import { slipRuleViolation } from '../../contract/validation/slip.ts';
import { MSG } from '../../contract/messages.ts';
import type { SessionUser } from '../../contract/schemas/auth.ts';
import { CreateSlipRequestSchema, CreateSlipResponseSchema, type Selection } from '../../contract/schemas/slips.ts';
import type { AppEnv } from '../hono-env.ts';
import { LIST, nextListPlace } from '../db/list-place.ts';
import { idempotent, ok, refuse, type Outcome, type Trx } from '../idempotency/idempotent.ts';
import { newId } from '../lib/ids.ts';
import { currentLicence, isActive, subscriptionRefusal } from '../licence/licence-repo.ts';
import { readJson } from '../social/shared/request.ts';
import type { EventRow } from '../sports/events-query.ts';
import { choiceKey, currentChoices, toCents, type MarketRow } from '../sports/markets-repo.ts';
import { hasStarted, legSnapshot, loadEvents, loadFicha, toSelection } from './slip-view.ts';

type Request = ReturnType<typeof CreateSlipRequestSchema.parse>;

interface Leg {
  event: EventRow;
  type: string;
  choice: string;
  /** The odds the user saw, in hundredths. */
  takenOdds: number;
  current: MarketRow | undefined;
}

export { hasStarted };

/**
 * The rules of SPEC §5 decided on the server with its own clock and prices (DESIGN §4): an active licence, 1 to 25
 * selections (the official account exempt up to the draft limit), at least 100 Kz, one selection per event, only
 * events not started, and the odds the user saw — or, with oddsChange, whatever they are now.
 */
export async function decideSlip(trx: Trx, user: SessionUser, request: Request, now: Date): Promise<Outcome> {
  const licence = await currentLicence(trx, user.id);
  if (!isActive(licence, now)) return subscriptionRefusal(licence);

  const picks = request.ficha;
  const broken = slipRuleViolation({ selections: picks.length, valor: request.valor, official: user.conta === 'oficial' });
  if (broken) return refuse(400, broken);
  const eventIds = picks.map((pick) => pick.event_id);
  if (new Set(eventIds).size !== eventIds.length) return refuse(400, MSG.slipDuplicateEvent);

  const events = await loadEvents(trx, eventIds);
  const prices = await currentChoices(
    trx,
    picks.map((pick) => ({ eventId: pick.event_id, type: pick.event_selection.type, choice: pick.event_selection.choice })),
  );
  const legs: Leg[] = [];
  for (const pick of picks) {
    const event = events.get(pick.event_id);
    if (!event) return refuse(400, MSG.slipUnknownSelection);
    const { type, choice, odds } = pick.event_selection;
    legs.push({ event, type, choice, takenOdds: toCents(odds), current: prices.get(choiceKey(event.id, type, choice)) });
  }

  const view = (flag: (leg: Leg) => boolean): Selection[] =>
    legs.map((leg) => toSelection(leg.event, pickValues(leg.type, leg.choice, leg.current, leg.takenOdds), 'pending', flag(leg)));

  if (legs.some((leg) => hasStarted(leg.event, now))) {
    return refuse(400, MSG.slipEventStarted, { ficha: view((leg) => hasStarted(leg.event, now)) });
  }
  if (legs.some((leg) => leg.current === undefined)) return refuse(400, MSG.slipUnknownSelection);
  const moved = (leg: Leg) => leg.current !== undefined && leg.current.odds !== leg.takenOdds;
  if (legs.some(moved) && !request.oddsChange) {
    return refuse(409, MSG.slipOddsChanged, { ficha: view(moved) });
  }

  const id = newId();
  const { seq, createdAt: at } = await nextListPlace(trx, LIST.slips, now);
  await trx
    .insertInto('fichas')
    .values({
      id,
      usuario_id: user.id,
      valor: Math.round(request.valor),
      estado: 'pending',
      oculta: 0,
      odds_change: request.oddsChange ? 1 : 0,
      created_at: at,
      seq,
      settled_at: null,
      updated_at: at,
      // Published at creation: from now on its selections, odds and stake are locked.
      publicada_em: at,
      nota: request.nota?.trim() ? request.nota.trim() : null,
    })
    .execute();
  await trx
    .insertInto('ficha_selecoes')
    .values(
      legs.map((leg, posicao) => {
        const current = leg.current as MarketRow;
        return {
          ficha_id: id,
          posicao,
          evento_id: leg.event.id,
          tipo: leg.type,
          escolha: leg.choice,
          odds: current.odds,
          probabilidade: current.probabilidade,
          odds_trend: current.odds_trend,
          probabilidade_trend: current.probabilidade_trend,
          bet_status: 'pending' as const,
          has_warning: 0,
          ...legSnapshot(leg.event),
        };
      }),
    )
    .execute();
  const ficha = await loadFicha(trx, id, user.id, now);
  if (!ficha) return refuse(500, MSG.generic);
  return ok(CreateSlipResponseSchema, { message: MSG.slipCreated, ficha }, 201);
}

function pickValues(type: string, choice: string, current: MarketRow | undefined, takenOdds: number) {
  return {
    type,
    choice,
    odds: current?.odds ?? takenOdds,
    probabilidade: current?.probabilidade ?? 0,
    odds_trend: current?.odds_trend ?? ('up' as const),
    probabilidade_trend: current?.probabilidade_trend ?? ('up' as const),
  };
}

/** POST /api/client/apostador/fichas/criarFicha: 201 with the slip, or 4xx with the broken rule's message. */
export async function createSlipRoute(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, CreateSlipRequestSchema);
  if (!body.ok) return body.response;
  return idempotent(c, (trx) => decideSlip(trx, c.get('user'), body.data, new Date()));
}
