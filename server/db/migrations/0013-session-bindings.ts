import { sql, type Kysely, type Migration } from 'kysely';

// A push device is bound to a user under one session (docs/decisions.md, "Ended sessions and live channels"): the
// session's id and sign-in time are kept with the binding, so ending that session (sign-out, a password change or
// reset, "sign out of every device") unbinds the device and delivery skips any device whose session is no longer
// live. Devices bound before this migration have no session on record: they are unbound here, and a phone whose
// session is live binds itself again the next time the app starts (the Beams SDK's setUserId with a new token).
export const sessionBindings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('push_dispositivos').addColumn('sessao_id', 'text').execute();
    /** The session's sign-in time, as an ISO string: compared with usuarios.sessoes_desde, which is one too. */
    await db.schema.alterTable('push_dispositivos').addColumn('sessao_inicio', 'text').execute();
    await sql`update push_dispositivos set usuario_id = null where usuario_id is not null`.execute(db);
    // Sign-out unbinds the devices of one session.
    await db.schema.createIndex('push_dispositivos_sessao_idx').on('push_dispositivos').column('sessao_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('push_dispositivos_sessao_idx').ifExists().execute();
    await db.schema.alterTable('push_dispositivos').dropColumn('sessao_inicio').execute();
    await db.schema.alterTable('push_dispositivos').dropColumn('sessao_id').execute();
  },
};
