import { sql, type Kysely, type Migration } from 'kysely';

// Reports and suspensions (moderation; docs/api/social.md "Reports"). A report is one user's complaint
// about a message, a slip or a user, decided by a moderator; a suspension keeps a user from changing anything until
// a time. The tables are typed in server/social/reports/tables.ts.
export const reports: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('denuncias')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('denunciante_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('tipo', 'text', (c) => c.notNull().check(sql`tipo in ('mensagem', 'ficha', 'usuario')`))
      .addColumn('alvo_id', 'text', (c) => c.notNull())
      .addColumn('motivo', 'text', (c) => c.notNull())
      .addColumn('estado', 'text', (c) => c.notNull().check(sql`estado in ('pendente', 'emCurso', 'concluida', 'cancelada')`))
      .addColumn('accao', 'text', (c) => c.check(sql`accao in ('ignorar', 'remover', 'suspender')`))
      .addColumn('suspenso_ate', 'text')
      // The user the report is about (the author of the message or slip), kept even after the content is removed.
      .addColumn('denunciado_id', 'text', (c) => c.references('usuarios.id').onDelete('set null'))
      .addColumn('conteudo', 'text', (c) => c.notNull())
      .addColumn('chat_tipo', 'text')
      .addColumn('chat_id', 'text')
      .addColumn('moderador_id', 'text', (c) => c.references('usuarios.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One report per reporter and target: reporting again answers with the first.
    await db.schema.createIndex('denuncias_unica_idx').unique().on('denuncias').columns(['denunciante_id', 'tipo', 'alvo_id']).execute();
    await db.schema.createIndex('denuncias_estado_idx').on('denuncias').columns(['estado', 'created_at']).execute();
    await db.schema.createIndex('denuncias_chat_idx').on('denuncias').columns(['chat_tipo', 'chat_id']).execute();

    await db.schema
      .createTable('suspensoes')
      .addColumn('usuario_id', 'text', (c) => c.primaryKey().references('usuarios.id').onDelete('cascade'))
      .addColumn('ate', 'text', (c) => c.notNull())
      .addColumn('denuncia_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('suspensoes').ifExists().execute();
    await db.schema.dropTable('denuncias').ifExists().execute();
  },
};
