import type { Kysely, Migration } from 'kysely';

// A real football feed (server/sports/api-football): which provider fixture each event is, what the feed last knew
// of it (kept whole, so an event can be made once its prices come), and the feed's own bookkeeping: the leagues'
// current seasons, when each kind of read last ran, and the plan's requests used today.
export const footballFeed: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('feed_jogos')
      .addColumn('fixture_id', 'integer', (c) => c.primaryKey())
      // The event once it exists (it is made when the configured bookmaker prices the match).
      .addColumn('evento_id', 'text', (c) => c.unique())
      .addColumn('liga_id', 'integer', (c) => c.notNull())
      .addColumn('inicio', 'text', (c) => c.notNull())
      .addColumn('estado', 'text', (c) => c.notNull())
      .addColumn('estado_texto', 'text', (c) => c.notNull())
      /** The fixture as the API last gave it (JSON). */
      .addColumn('dados', 'text', (c) => c.notNull())
      .addColumn('precos', 'text')
      .addColumn('precos_em', 'text')
      .addColumn('liquidado_em', 'text')
      .addColumn('visto_em', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('feed_jogos_inicio_idx').on('feed_jogos').columns(['inicio']).execute();
    await db.schema
      .createTable('feed_estado')
      .addColumn('chave', 'text', (c) => c.primaryKey())
      .addColumn('valor', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('feed_estado').ifExists().execute();
    await db.schema.dropTable('feed_jogos').ifExists().execute();
  },
};
