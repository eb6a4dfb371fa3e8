import { sql, type Kysely, type Migration } from 'kysely';

// Written with the schema builder only, so the same migration runs on SQLite and PostgreSQL. Timestamps are ISO
// text (UTC), ids text UUIDs, JSON text: the lowest common denominator of both engines.
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('usuarios')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('nome_usuario', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('telefone', 'text')
      .addColumn('fotografia', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('usuario').check(sql`role in ('usuario', 'moderador')`))
      .addColumn('conta', 'text', (c) => c.check(sql`conta in ('oficial', 'privilegiada')`))
      .addColumn('referrer_id', 'text', (c) => c.references('usuarios.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('licencas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('estado', 'text', (c) =>
        c.notNull().check(sql`estado in ('pendente', 'habilitada', 'expirada', 'bloqueada')`),
      )
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('expira_em', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('licencas_usuario_idx').on('licencas').column('usuario_id').execute();

    await db.schema
      .createTable('competicoes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('pais', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('eventos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('competition_id', 'text', (c) => c.notNull().references('competicoes.id'))
      .addColumn('home_id', 'text', (c) => c.notNull())
      .addColumn('home_name', 'text', (c) => c.notNull())
      .addColumn('home_position', 'integer')
      .addColumn('away_id', 'text', (c) => c.notNull())
      .addColumn('away_name', 'text', (c) => c.notNull())
      .addColumn('away_position', 'integer')
      .addColumn('home_goals', 'integer')
      .addColumn('away_goals', 'integer')
      .addColumn('elapsed', 'integer')
      .addColumn('odds', 'text', (c) => c.notNull())
      .addColumn('odds_live', 'text')
      .addColumn('probability', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('eventos_date_idx').on('eventos').columns(['date', 'id']).execute();
    await db.schema.createIndex('eventos_status_date_idx').on('eventos').columns(['status', 'date']).execute();

    await db.schema
      .createTable('idempotency')
      .addColumn('user_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_pk', ['user_id', 'key'])
      .execute();
    // Expired keys (older than 7 days, DESIGN §4) are swept by age.
    await db.schema.createIndex('idempotency_created_idx').on('idempotency').column('created_at').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['idempotency', 'eventos', 'competicoes', 'licencas', 'usuarios']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
