import type { Selection } from '../../../../contract/schemas/slips.ts';
import { teamById } from '../../../../server/sports/competitions.ts';
import { prematchBook } from '../../../../server/sports/event-models.ts';
import { writeMarkets } from '../../../../server/sports/markets-repo.ts';
import { effectiveModel, mainOdds, matchModel, newModelRow } from '../../../../server/sports/model.ts';
import { stableUuid } from '../../../../server/sports/rng.ts';
import { loadEvents, toSelection } from '../../../../server/slips/slip-view.ts';
import { expectReplay, type Answer } from './social.ts';
import type { TestServer } from './test-server.ts';

// Helpers of the betting-area tests: matches placed at a chosen kick-off, selections as the app builds them, and a
// snapshot of what betting calls change (for idempotent replays).

let matchCounter = 0;

/** A match of the embedded feed at `kickoff`, with its model and priced markets, as sync would create it. */
export async function createMatch(
  server: TestServer,
  input: { kickoff: Date; home?: string; away?: string; competition?: string; abandonAt?: number | null },
): Promise<string> {
  matchCounter += 1;
  const home = teamById(input.home ?? 'petro-de-luanda');
  const away = teamById(input.away ?? 'primeiro-de-agosto');
  const id = stableUuid(`test-match:${Date.now()}:${matchCounter}:${Math.random()}`);
  const model = matchModel({ eventId: id, homeRating: home.rating, awayRating: away.rating, seed: 1 });
  const main = mainOdds(model);
  const now = new Date();
  await server.db
    .insertInto('competicoes')
    .values({ id: 'girabola', nome: 'Girabola', pais: 'Angola' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await server.db
    .insertInto('eventos')
    .values({
      id,
      date: input.kickoff.toISOString(),
      status: 'NS',
      competition_id: input.competition ?? 'girabola',
      home_id: home.id,
      home_name: home.name,
      home_position: 1,
      away_id: away.id,
      away_name: away.name,
      away_position: 2,
      home_goals: null,
      away_goals: null,
      elapsed: null,
      odds: JSON.stringify(main.odds),
      odds_live: null,
      probability: JSON.stringify(main.probability),
      updated_at: now.toISOString(),
    })
    .execute();
  const row = { ...newModelRow({ eventId: id, model, now }), abandon_at: input.abandonAt ?? null };
  await server.db.insertInto('evento_modelos').values(row).execute();
  const book = prematchBook(effectiveModel(row), id);
  await writeMarkets(server.db, { eventId: id, priced: book.priced, opening: book.opening, now });
  return id;
}

/** A selection the way the app sends it: the event's copy plus the choice at its current price. */
export async function selectionFor(server: TestServer, eventId: string, type: string, choice: string): Promise<Selection & { id: string }> {
  const market = await server.db
    .selectFrom('mercados')
    .selectAll()
    .where('evento_id', '=', eventId)
    .where('tipo', '=', type)
    .where('escolha', '=', choice)
    .executeTakeFirstOrThrow();
  const event = (await loadEvents(server.db, [eventId])).get(eventId);
  if (!event) throw new Error(`no event ${eventId}`);
  return { id: `local-${Math.random().toString(36).slice(2)}`, ...toSelection(event, { ...market, type, choice }, 'pending', false) };
}

/** Not-started events of the seeded feed kicking off at least `leadMs` from now, soonest first. */
export async function upcomingEventIds(server: TestServer, count: number, leadMs = 3_600_000): Promise<string[]> {
  const rows = await server.db
    .selectFrom('eventos')
    .innerJoin('mercados', 'mercados.evento_id', 'eventos.id')
    .select('eventos.id')
    .distinct()
    .where('eventos.status', '=', 'NS')
    .where('eventos.date', '>', new Date(Date.now() + leadMs).toISOString())
    .orderBy('eventos.id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`only ${rows.length} upcoming events`);
  return rows.map((row) => row.id);
}

/** Row counts and states of everything a betting call may change. */
export async function bettingSnapshot(server: TestServer) {
  const { db } = server;
  return {
    fichas: await db.selectFrom('fichas').select(['id', 'estado', 'oculta', 'updated_at']).orderBy('id').execute(),
    selecoes: await db.selectFrom('ficha_selecoes').select(['ficha_id', 'posicao', 'bet_status', 'odds']).orderBy('ficha_id').orderBy('posicao').execute(),
    guardadas: await db.selectFrom('fichas_guardadas').select(['usuario_id', 'ficha_id']).orderBy('usuario_id').orderBy('ficha_id').execute(),
    comentarios: await db.selectFrom('ficha_comentarios').select('id').orderBy('id').execute(),
    licencas: await db.selectFrom('licencas').select(['id', 'estado', 'tipo', 'expira_em', 'solicitacao']).orderBy('id').execute(),
    codigos: await db.selectFrom('codigos_licenca').select(['codigo', 'usado_por']).orderBy('codigo').execute(),
    pagamentos: await db.selectFrom('pagamentos').select(['id', 'estado']).orderBy('id').execute(),
    notificacoes: await db.selectFrom('notificacoes').select('id').orderBy('id').execute(),
    contadores: await db.selectFrom('contadores').selectAll().orderBy('usuario_id').orderBy('nome').execute(),
  };
}

/** DESIGN §4 for the betting calls: a replay with the same key answers the same and changes nothing. */
export async function expectBettingReplay(server: TestServer, call: (key: Record<string, string>) => Promise<Answer>): Promise<Answer> {
  return expectReplay(server, call, bettingSnapshot);
}

/** Sets a user's licence (tests of the subscription rules). */
export async function setLicence(server: TestServer, userId: string, values: { estado?: 'pendente' | 'habilitada' | 'expirada' | 'bloqueada'; expiraEm?: Date; tipo?: string }) {
  await server.db
    .updateTable('licencas')
    .set({
      ...(values.estado ? { estado: values.estado } : {}),
      ...(values.expiraEm ? { expira_em: values.expiraEm.toISOString() } : {}),
      ...(values.tipo ? { tipo: values.tipo } : {}),
    })
    .where('usuario_id', '=', userId)
    .execute();
}
