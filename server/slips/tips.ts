import type { Context } from 'hono';
import { ANGOLA_UTC_OFFSET_MS } from '../../contract/angola-time.ts';
import { MSG } from '../../contract/messages.ts';
import { AddSelectionRequestSchema, AddSelectionResponseSchema, type DateOption } from '../../contract/schemas/slips.ts';
import type { AppEnv } from '../hono-env.ts';
import type { Db } from '../db/create-db.ts';
import { answer } from '../lib/answer.ts';
import { jsonError } from '../lib/http.ts';
import { addDays } from '../lib/time.ts';
import { currentLicence, isActive, subscriptionRefusal } from '../licence/licence-repo.ts';
import { readJson } from '../social/shared/request.ts';
import { loadEvents, toSelection } from './slip-view.ts';

/** A strong tip: likely (probability in basis points) at odds still worth taking (hundredths). */
const MIN_PROBABILITY = 5500;
const MIN_ODDS = 125;
const MAX_ODDS = 220;
/** A tip must leave time to build and send the slip before kick-off. */
const LEAD_MS = 10 * 60_000;

export function windowEnd(option: DateOption, now: Date): Date {
  if (option === '3_dias') return addDays(now, 3);
  if (option === 'semanal') return addDays(now, 7);
  // "Today" ends at Angola's midnight (SPEC §9: the product's clock).
  const local = new Date(now.getTime() + ANGOLA_UTC_OFFSET_MS);
  const nextMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1);
  return new Date(nextMidnight - ANGOLA_UTC_OFFSET_MS);
}

/** The strongest choice on a not-started event in the window and not among `exclude`; undefined when none is left. */
export async function strongestTip(db: Db, input: { exclude: readonly string[]; option: DateOption; now: Date }) {
  const from = new Date(input.now.getTime() + LEAD_MS).toISOString();
  const exclude = [...new Set(input.exclude)];
  let query = db
    .selectFrom('mercados')
    .innerJoin('eventos', 'eventos.id', 'mercados.evento_id')
    .select([
      'mercados.evento_id',
      'mercados.tipo',
      'mercados.escolha',
      'mercados.odds',
      'mercados.probabilidade',
      'mercados.odds_trend',
      'mercados.probabilidade_trend',
    ])
    .where('eventos.status', '=', 'NS')
    .where('eventos.date', '>', from)
    .where('eventos.date', '<', windowEnd(input.option, input.now).toISOString())
    .where('mercados.probabilidade', '>=', MIN_PROBABILITY)
    .where('mercados.odds', '>=', MIN_ODDS)
    .where('mercados.odds', '<=', MAX_ODDS);
  if (exclude.length > 0) query = query.where('eventos.id', 'not in', exclude);
  // Likeliest first; among equals the better price, then a stable order so the same request gets the same tip.
  return query
    .orderBy('mercados.probabilidade', 'desc')
    .orderBy('mercados.odds', 'desc')
    .orderBy('eventos.date')
    .orderBy('mercados.evento_id')
    .orderBy('mercados.tipo')
    .orderBy('mercados.escolha')
    .limit(1)
    .executeTakeFirst();
}

/** POST /api/client/apostador/fichas/addSelection: reads `selection`; needs an active licence (403 with tipo). */
export async function addSelectionRoute(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, AddSelectionRequestSchema);
  if (!body.ok) return body.response;
  const db = c.get('db');
  const now = new Date();
  const licence = await currentLicence(db, c.get('user').id);
  if (!isActive(licence, now)) {
    const refusal = subscriptionRefusal(licence);
    return c.json(refusal.body, refusal.status);
  }
  // Ids that are not event ids simply exclude nothing.
  const tip = await strongestTip(db, { exclude: body.data.ids, option: body.data.dateOption, now });
  const event = tip ? (await loadEvents(db, [tip.evento_id])).get(tip.evento_id) : undefined;
  if (!tip || !event) return jsonError(c, 404, MSG.tipNone);
  const selection = toSelection(event, { ...tip, type: tip.tipo, choice: tip.escolha }, 'pending', false);
  return answer(c, AddSelectionResponseSchema, { selection });
}
