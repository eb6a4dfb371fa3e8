import type { Kysely, Migration } from 'kysely';

// Multicaixa references (PAYMENTS=proxypay, server/payments/proxypay): the entity the payer types with the
// reference (kept per payment, so a reference given before the merchant's entity changed still shows its own), and
// when the reference stops being payable. A pending payment past that moment is cancelled with `fim` 'expirado' (the
// app shows it expired; estado keeps its three values, so no table is rebuilt for a new CHECK on SQLite).
export const paymentReferences: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('pagamentos').addColumn('entidade', 'text').execute();
    await db.schema.alterTable('pagamentos').addColumn('expira_em', 'text').execute();
    await db.schema.alterTable('pagamentos').addColumn('fim', 'text').execute();
    await db.schema.createIndex('pagamentos_expira_idx').on('pagamentos').columns(['estado', 'expira_em']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('pagamentos_expira_idx').ifExists().execute();
    for (const column of ['fim', 'expira_em', 'entidade']) {
      await db.schema.alterTable('pagamentos').dropColumn(column).execute();
    }
  },
};
