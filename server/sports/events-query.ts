import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Every column of a SPEC §3 Event, with its competition's name: what the event list, a room's match and a slip's
 * selections read. The odds columns stay JSON text; each caller parses them with its own tolerance of a bad row.
 */
export function eventQuery(db: Kysely<Database>) {
  return db
    .selectFrom('eventos')
    .innerJoin('competicoes', 'competicoes.id', 'eventos.competition_id')
    .select([
      'eventos.id',
      'eventos.date',
      'eventos.status',
      'eventos.competition_id',
      'competicoes.nome as competition_name',
      'eventos.home_id',
      'eventos.home_name',
      'eventos.home_position',
      'eventos.away_id',
      'eventos.away_name',
      'eventos.away_position',
      'eventos.home_goals',
      'eventos.away_goals',
      'eventos.elapsed',
      'eventos.odds',
      'eventos.odds_live',
      'eventos.probability',
    ]);
}
export type EventRow = Awaited<ReturnType<ReturnType<typeof eventQuery>['execute']>>[number];
