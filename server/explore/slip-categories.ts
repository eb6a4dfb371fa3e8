import { sql } from 'kysely';
import type { FichaCategoria } from '../../contract/schemas/explore.ts';
import type { Db } from '../db/create-db.ts';
import { addDays } from '../lib/time.ts';
import type { Page } from '../social/shared/request.ts';

// The slip categories of the Explore page (fichaCategoria, SPEC §5), as ids of PUBLISHED slips of every user in
// the category's order. A hidden slip never shows here, whoever asks. Newer is a later place in the slips' list
// (fichas.seq, server/db/list-place.ts), never a tie; orders end on the id so pages are stable.

/** fire counts the saves and comments of this many days. */
export const FIRE_LOOKBACK_DAYS = 7;
/** boas: pending slips still at least this likely to win (the product of their open legs' probabilities): 1 in 20. */
export const BOAS_MIN_CHANCE = 0.05;

const ref = sql.ref;
// Logarithms turn the products (combined probability, multiplier) into sums SQL can aggregate, on SQLite and PostgreSQL.
const openLegsLogChance = sql<number>`sum(case when ${ref('ficha_selecoes.bet_status')} = 'pending' then ln((case when ${ref('ficha_selecoes.probabilidade')} < 1 then 1 else ${ref('ficha_selecoes.probabilidade')} end) / 10000.0) else 0 end)`;
const logReturn = sql<number>`ln(${ref('fichas.valor')}) + sum(case when ${ref('ficha_selecoes.bet_status')} = 'void' then 0 else ln(${ref('ficha_selecoes.odds')} / 100.0) end)`;
const legsIn = (status: string) => sql<number>`sum(case when ${ref('ficha_selecoes.bet_status')} = ${status} then 1 else 0 end)`;

function published(db: Db) {
  return db.selectFrom('fichas').select('fichas.id').where('fichas.oculta', '=', 0);
}

function withLegs(db: Db) {
  return published(db)
    .innerJoin('ficha_selecoes', 'ficha_selecoes.ficha_id', 'fichas.id')
    .groupBy(['fichas.id', 'fichas.valor', 'fichas.seq', 'fichas.settled_at']);
}

async function fireIds(db: Db, page: Page, now: Date): Promise<string[]> {
  const since = addDays(now, -FIRE_LOOKBACK_DAYS).toISOString();
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('fichas_guardadas')
        .select('fichas_guardadas.ficha_id')
        .where('fichas_guardadas.created_at', '>=', since)
        .unionAll(eb.selectFrom('ficha_comentarios').select('ficha_comentarios.ficha_id').where('ficha_comentarios.created_at', '>=', since))
        .as('actividade'),
    )
    .innerJoin('fichas', 'fichas.id', 'actividade.ficha_id')
    .select((eb) => ['fichas.id', eb.fn.countAll<number | string>().as('n')])
    .where('fichas.oculta', '=', 0)
    .groupBy(['fichas.id', 'fichas.seq'])
    .orderBy('n', 'desc')
    .orderBy('fichas.seq', 'desc')
    .orderBy('fichas.id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return rows.map((row) => row.id);
}

function query(db: Db, categoria: Exclude<FichaCategoria, 'fire'>) {
  switch (categoria) {
    case 'novasfichas':
      return published(db).where('fichas.estado', '=', 'pending').orderBy('fichas.seq', 'desc');
    case 'novas':
    case 'tudo':
      return published(db).orderBy('fichas.seq', 'desc');
    case 'boas':
      return withLegs(db)
        .where('fichas.estado', '=', 'pending')
        .having(openLegsLogChance, '>=', Math.log(BOAS_MIN_CHANCE))
        .orderBy(openLegsLogChance, 'desc')
        .orderBy('fichas.seq', 'desc');
    case 'certeiras':
      return published(db).where('fichas.estado', '=', 'won').orderBy('fichas.settled_at', 'desc').orderBy('fichas.seq', 'desc');
    case 'lucrativas':
      return withLegs(db).where('fichas.estado', '=', 'won').orderBy(logReturn, 'desc').orderBy('fichas.settled_at', 'desc');
    case 'quase':
      // Lost on exactly one leg, every other leg settled and at least one of them won.
      return withLegs(db)
        .where('fichas.estado', '=', 'failed')
        .having(legsIn('failed'), '=', 1)
        .having(legsIn('pending'), '=', 0)
        .having(legsIn('won'), '>=', 1)
        .orderBy('fichas.settled_at', 'desc')
        .orderBy('fichas.seq', 'desc');
  }
}

/** One page of the category's slip ids, in its order. */
export async function categorySlipIds(db: Db, categoria: FichaCategoria, page: Page, now: Date): Promise<string[]> {
  if (categoria === 'fire') return fireIds(db, page, now);
  const rows = await query(db, categoria).orderBy('fichas.id', 'desc').limit(page.size).offset(page.offset).execute();
  return rows.map((row) => row.id);
}
