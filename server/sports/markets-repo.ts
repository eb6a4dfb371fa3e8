import type { Kysely } from 'kysely';
import { MARKET_TYPES, type Market, type MarketChoice, type MarketType, type Trend } from '../../contract/schemas/events.ts';
import type { Database, MercadosTable } from '../db/schema.ts';
import type { PricedChoice } from './markets.ts';

type Q = Kysely<Database>;

export const toCents = (odds: number) => Math.round(odds * 100);
export const toBasisPoints = (probability: number) => Math.round(probability * 10_000);
export const fromCents = (cents: number) => cents / 100;
/** Basis points to percent with one decimal. */
export const fromBasisPoints = (bp: number) => Math.round(bp / 10) / 10;

function trend(next: number, previous: number | undefined, last: Trend | undefined, fallback: Trend): Trend {
  if (previous === undefined) return fallback;
  if (next > previous) return 'up';
  if (next < previous) return 'down';
  return last ?? fallback;
}

/**
 * Replaces an event's priced choices, keeping each choice's trend: up or down against the price it replaces, the
 * last direction when unchanged. `opening` gives a brand-new book its first direction (against the opening line).
 */
export async function writeMarkets(
  q: Q,
  input: { eventId: string; priced: readonly PricedChoice[]; now: Date; opening?: readonly PricedChoice[] },
): Promise<void> {
  const previous = await q
    .selectFrom('mercados')
    .select(['tipo', 'escolha', 'odds', 'probabilidade', 'odds_trend', 'probabilidade_trend'])
    .where('evento_id', '=', input.eventId)
    .execute();
  const before = new Map(previous.map((row) => [`${row.tipo}|${row.escolha}`, row]));
  const opening = new Map((input.opening ?? []).map((c) => [`${c.type}|${c.choice}`, c]));
  const rows: MercadosTable[] = input.priced.map((choice, index) => {
    const key = `${choice.type}|${choice.choice}`;
    const odds = toCents(choice.odds);
    const probabilidade = toBasisPoints(choice.probability);
    const old = before.get(key);
    const open = opening.get(key);
    const oldOdds = old?.odds ?? (open ? toCents(open.odds) : undefined);
    const oldProb = old?.probabilidade ?? (open ? toBasisPoints(open.probability) : undefined);
    return {
      evento_id: input.eventId,
      tipo: choice.type,
      escolha: choice.choice,
      ordem: index,
      odds,
      probabilidade,
      odds_trend: trend(odds, oldOdds, old?.odds_trend, 'down'),
      probabilidade_trend: trend(probabilidade, oldProb, old?.probabilidade_trend, 'up'),
      updated_at: input.now.toISOString(),
    };
  });
  await q.deleteFrom('mercados').where('evento_id', '=', input.eventId).execute();
  // Chunked: PostgreSQL takes at most 65,535 parameters per statement.
  for (let i = 0; i < rows.length; i += 500) {
    await q.insertInto('mercados').values(rows.slice(i, i + 500)).execute();
  }
}

export async function clearMarkets(q: Q, eventId: string): Promise<void> {
  await q.deleteFrom('mercados').where('evento_id', '=', eventId).execute();
}

export type MarketRow = Pick<MercadosTable, 'tipo' | 'escolha' | 'odds' | 'probabilidade' | 'odds_trend' | 'probabilidade_trend'>;

export function toChoice(row: MarketRow): MarketChoice {
  return {
    type: row.tipo as MarketType,
    choice: row.escolha,
    odds: fromCents(row.odds),
    probability: fromBasisPoints(row.probabilidade),
    oddsTrend: row.odds_trend,
    probabilityTrend: row.probabilidade_trend,
  };
}

/** An event's markets in catalogue order (SPEC §9), choices in pricing order. */
export async function readMarkets(q: Q, eventId: string): Promise<Market[]> {
  const rows = await q
    .selectFrom('mercados')
    .select(['tipo', 'escolha', 'odds', 'probabilidade', 'odds_trend', 'probabilidade_trend'])
    .where('evento_id', '=', eventId)
    .orderBy('ordem')
    .execute();
  const byType = new Map<string, MarketChoice[]>();
  for (const row of rows) {
    const list = byType.get(row.tipo) ?? [];
    list.push(toChoice(row));
    byType.set(row.tipo, list);
  }
  return MARKET_TYPES.filter((type) => byType.has(type)).map((type) => ({ type, choices: byType.get(type) ?? [] }));
}

/** The current prices of the given (event, type, choice) keys, in one query. */
export async function currentChoices(
  q: Q,
  keys: readonly { eventId: string; type: string; choice: string }[],
): Promise<Map<string, MarketRow>> {
  const eventIds = [...new Set(keys.map((k) => k.eventId))];
  if (eventIds.length === 0) return new Map();
  const rows = await q
    .selectFrom('mercados')
    .select(['evento_id', 'tipo', 'escolha', 'odds', 'probabilidade', 'odds_trend', 'probabilidade_trend'])
    .where('evento_id', 'in', eventIds)
    .execute();
  const wanted = new Set(keys.map((k) => choiceKey(k.eventId, k.type, k.choice)));
  const found = new Map<string, MarketRow>();
  for (const row of rows) {
    const key = choiceKey(row.evento_id, row.tipo, row.escolha);
    if (wanted.has(key)) found.set(key, row);
  }
  return found;
}

export function choiceKey(eventId: string, type: string, choice: string): string {
  return `${eventId}|${type}|${choice}`;
}
