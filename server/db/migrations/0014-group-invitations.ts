import { sql, type Kysely, type Migration } from 'kysely';

// Who may add a user to a group, and the invitations the others send instead (docs/decisions.md
// "Group invitations and merged notifications"). `privacidade` holds a user's choice; a user without a row has the
// default, 'seguidos' (people the user follows). `grupo_convites` holds one invitation per group and invited user:
// asking again refreshes it rather than adding another; it goes when the user accepts or ignores it, or with the group.
export const groupInvitations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('privacidade')
      .addColumn('usuario_id', 'text', (c) => c.primaryKey().references('usuarios.id').onDelete('cascade'))
      .addColumn('adicionar_grupos', 'text', (c) =>
        c.notNull().defaultTo('seguidos').check(sql`adicionar_grupos in ('todos', 'seguidos', 'ninguem')`),
      )
      .execute();
    await db.schema
      .createTable('grupo_convites')
      .addColumn('grupo_id', 'text', (c) => c.notNull().references('grupos.id').onDelete('cascade'))
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('convidado_por', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('grupo_convites_pk', ['grupo_id', 'usuario_id'])
      .execute();
    await db.schema.createIndex('grupo_convites_usuario_idx').on('grupo_convites').column('usuario_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('grupo_convites').ifExists().execute();
    await db.schema.dropTable('privacidade').ifExists().execute();
  },
};
