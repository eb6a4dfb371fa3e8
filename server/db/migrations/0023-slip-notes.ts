import type { Kysely, Migration } from 'kysely';

// A slip's note: the booking code of a tip brought in from WhatsApp ("Código SportyBet ABC123"), kept with the slip
// as its author wrote it and shown with it; never looked up at the bookmaker. Null: no note.
export const slipNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('fichas').addColumn('nota', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('fichas').dropColumn('nota').execute();
  },
};
