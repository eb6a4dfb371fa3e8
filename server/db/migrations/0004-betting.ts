import { sql, type Kysely, type Migration } from 'kysely';

// Betting: the goals model and live state of each match, priced markets, slips with their selections,
// saves and comments, licence codes, activation requests and payments. Schema builder only (SQLite and PostgreSQL);
// odds are integer hundredths and probabilities integer basis points so prices compare exactly on both engines.
export const betting: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('evento_modelos')
      .addColumn('evento_id', 'text', (c) => c.primaryKey().references('eventos.id').onDelete('cascade'))
      .addColumn('lambda_home', 'double precision', (c) => c.notNull())
      .addColumn('lambda_away', 'double precision', (c) => c.notNull())
      .addColumn('corners_home', 'double precision', (c) => c.notNull())
      .addColumn('corners_away', 'double precision', (c) => c.notNull())
      // Pre-match market drift in log-goals (home up, away down), so prices move before kick-off.
      .addColumn('ajuste', 'double precision', (c) => c.notNull().defaultTo(0))
      // Simulated minutes since kick-off, half-time break included; null before kick-off.
      .addColumn('clock', 'double precision')
      .addColumn('stoppage_1', 'integer', (c) => c.notNull())
      .addColumn('stoppage_2', 'integer', (c) => c.notNull())
      .addColumn('abandon_at', 'double precision')
      .addColumn('h1_home_goals', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('h1_away_goals', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('home_corners', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('away_corners', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('h1_home_corners', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('h1_away_corners', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ticked_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('mercados')
      .addColumn('evento_id', 'text', (c) => c.notNull().references('eventos.id').onDelete('cascade'))
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('escolha', 'text', (c) => c.notNull())
      .addColumn('ordem', 'integer', (c) => c.notNull())
      .addColumn('odds', 'integer', (c) => c.notNull())
      .addColumn('probabilidade', 'integer', (c) => c.notNull())
      .addColumn('odds_trend', 'text', (c) => c.notNull())
      .addColumn('probabilidade_trend', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('mercados_pk', ['evento_id', 'tipo', 'escolha'])
      .execute();

    await db.schema
      .createTable('fichas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('valor', 'integer', (c) => c.notNull())
      .addColumn('estado', 'text', (c) => c.notNull().check(sql`estado in ('pending', 'won', 'failed', 'void')`))
      .addColumn('oculta', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('odds_change', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('settled_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fichas_usuario_idx').on('fichas').columns(['usuario_id', 'oculta', 'created_at']).execute();
    await db.schema.createIndex('fichas_created_idx').on('fichas').columns(['created_at', 'id']).execute();

    await db.schema
      .createTable('ficha_selecoes')
      .addColumn('ficha_id', 'text', (c) => c.notNull().references('fichas.id').onDelete('cascade'))
      .addColumn('posicao', 'integer', (c) => c.notNull())
      .addColumn('evento_id', 'text', (c) => c.notNull().references('eventos.id'))
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('escolha', 'text', (c) => c.notNull())
      .addColumn('odds', 'integer', (c) => c.notNull())
      .addColumn('probabilidade', 'integer', (c) => c.notNull())
      .addColumn('odds_trend', 'text', (c) => c.notNull())
      .addColumn('probabilidade_trend', 'text', (c) => c.notNull())
      .addColumn('bet_status', 'text', (c) =>
        c.notNull().check(sql`bet_status in ('pending', 'blocked', 'failed', 'won', 'void')`),
      )
      .addColumn('has_warning', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('ficha_selecoes_pk', ['ficha_id', 'posicao'])
      .execute();
    // Settlement finds the pending selections of a finished match.
    await db.schema.createIndex('ficha_selecoes_evento_idx').on('ficha_selecoes').columns(['evento_id', 'bet_status']).execute();

    await db.schema
      .createTable('fichas_guardadas')
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('ficha_id', 'text', (c) => c.notNull().references('fichas.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('fichas_guardadas_pk', ['usuario_id', 'ficha_id'])
      .execute();
    await db.schema.createIndex('fichas_guardadas_ficha_idx').on('fichas_guardadas').column('ficha_id').execute();

    await db.schema
      .createTable('ficha_comentarios')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ficha_id', 'text', (c) => c.notNull().references('fichas.id').onDelete('cascade'))
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('texto', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ficha_comentarios_ficha_idx')
      .on('ficha_comentarios')
      .columns(['ficha_id', 'created_at', 'id'])
      .execute();

    // The activation request (SPEC §3 transferencia): proof images as a JSON list of data URLs and when it was sent.
    await db.schema.alterTable('licencas').addColumn('comprovativo', 'text').execute();
    await db.schema.alterTable('licencas').addColumn('solicitacao', 'text').execute();

    await db.schema
      .createTable('codigos_licenca')
      .addColumn('codigo', 'text', (c) => c.primaryKey())
      .addColumn('plano', 'text', (c) => c.notNull())
      .addColumn('usado_por', 'text', (c) => c.references('usuarios.id').onDelete('set null'))
      .addColumn('usado_em', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('pagamentos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('finalidade', 'text', (c) => c.notNull())
      .addColumn('detalhes', 'text', (c) => c.notNull())
      .addColumn('descricao', 'text', (c) => c.notNull())
      .addColumn('valor', 'integer', (c) => c.notNull())
      .addColumn('estado', 'text', (c) => c.notNull().check(sql`estado in ('pendente', 'concluido', 'cancelado')`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pagamentos_usuario_idx').on('pagamentos').columns(['usuario_id', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'pagamentos',
      'codigos_licenca',
      'ficha_comentarios',
      'fichas_guardadas',
      'ficha_selecoes',
      'fichas',
      'mercados',
      'evento_modelos',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable('licencas').dropColumn('solicitacao').execute();
    await db.schema.alterTable('licencas').dropColumn('comprovativo').execute();
  },
};
