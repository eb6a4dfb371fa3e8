import type { Kysely, Migration } from 'kysely';

// Devices registered through the Beams-compatible device API (DESIGN §5 embedded push): one row per browser push
// subscription, tied to a user once the Beams SDK calls setUserId.
export const push: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_dispositivos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('usuario_id', 'text', (c) => c.references('usuarios.id').onDelete('cascade'))
      /** JSON array of Beams interest names (stored; delivery is by user). */
      .addColumn('interesses', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('sdk_version', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_dispositivos_usuario_idx').on('push_dispositivos').column('usuario_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('push_dispositivos').ifExists().execute();
  },
};
