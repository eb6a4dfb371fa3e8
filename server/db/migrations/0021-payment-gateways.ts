import type { Kysely, Migration } from 'kysely';

// Real payment gateways (server/payments): which gateway a payment went through, the reference we gave it, the id it
// gave back (EMIS GPO's frame token), and a hash of the per-payment secret its callback path carries. Outcomes that
// did not match what we asked for (another amount, another point of sale) are kept whole for a person to look at.
export const paymentGateways: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('pagamentos').addColumn('gateway', 'text', (c) => c.notNull().defaultTo('emis-simulado')).execute();
    await db.schema.alterTable('pagamentos').addColumn('referencia', 'text').execute();
    await db.schema.alterTable('pagamentos').addColumn('gateway_id', 'text').execute();
    await db.schema.alterTable('pagamentos').addColumn('segredo_hash', 'text').execute();
    await db.schema.createIndex('pagamentos_segredo_idx').on('pagamentos').columns(['segredo_hash']).unique().execute();
    await db.schema
      .createTable('pagamentos_avisos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('pagamento_id', 'text')
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('motivo', 'text', (c) => c.notNull())
      /** What the gateway sent, as it came (JSON or text). */
      .addColumn('corpo', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pagamentos_avisos_pagamento_idx').on('pagamentos_avisos').columns(['pagamento_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('pagamentos_avisos').ifExists().execute();
    await db.schema.dropIndex('pagamentos_segredo_idx').ifExists().execute();
    for (const column of ['segredo_hash', 'gateway_id', 'referencia', 'gateway']) {
      await db.schema.alterTable('pagamentos').dropColumn(column).execute();
    }
  },
};
