import type { Kysely, Migration } from 'kysely';

// Notifications and unread counters (SPEC §3 Unread counters, §4), shared by every area that tells a user something.
export const notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notificacoes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('mensagem', 'text', (c) => c.notNull())
      .addColumn('sender_id', 'text', (c) => c.references('usuarios.id').onDelete('set null'))
      .addColumn('pagamento_id', 'text')
      .addColumn('recurso_tipo', 'text')
      .addColumn('recurso_id', 'text')
      .addColumn('lida', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notificacoes_usuario_idx').on('notificacoes').columns(['usuario_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('contadores')
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('contadores_pk', ['usuario_id', 'nome'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('contadores').ifExists().execute();
    await db.schema.dropTable('notificacoes').ifExists().execute();
  },
};
