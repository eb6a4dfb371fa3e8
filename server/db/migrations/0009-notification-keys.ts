import type { Kysely, Migration } from 'kysely';

// Notifications told exactly once and carrying what their screen needs: `chave` names the event a
// notification is about (user, tipo, resource, leg, state), unique per user, so a job that runs again or a second
// process never tells anyone twice; `dados` is the JSON of its facts (a leg's position and score, a slip's return),
// from which the app words it in its own language.
export const notificationKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notificacoes').addColumn('chave', 'text').execute();
    await db.schema.alterTable('notificacoes').addColumn('dados', 'text').execute();
    // NULLs are distinct on both databases: notifications without a key never collide.
    await db.schema.createIndex('notificacoes_chave_idx').unique().on('notificacoes').columns(['usuario_id', 'chave']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('notificacoes_chave_idx').ifExists().execute();
    await db.schema.alterTable('notificacoes').dropColumn('dados').execute();
    await db.schema.alterTable('notificacoes').dropColumn('chave').execute();
  },
};
