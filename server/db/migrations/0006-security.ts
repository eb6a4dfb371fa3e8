import { sql, type Kysely, type Migration } from 'kysely';

// Security hardening (docs/security.md): sessions that can be ended on the server, e-mail verification and
// single-use account links, rate-limit counters shared by every process, idempotency keys scoped to their request,
// and a small key/value table for facts about the database itself (e.g. "started as a demo").
export const security: Migration = {
  async up(db: Kysely<unknown>) {
    // A session token issued (signed in) before `sessoes_desde` is void: password change, "sign out everywhere".
    await db.schema.alterTable('usuarios').addColumn('sessoes_desde', 'text').execute();
    // Set once the user followed the link of a verification mail; Google may only be linked to a verified address.
    await db.schema.alterTable('usuarios').addColumn('email_verificado_em', 'text').execute();

    // Sessions ended one by one (sign-out): the token's own id, kept until the token would have expired anyway.
    await db.schema
      .createTable('sessoes_terminadas')
      .addColumn('sid', 'text', (c) => c.primaryKey())
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('expira_em', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessoes_terminadas_expira_idx').on('sessoes_terminadas').column('expira_em').execute();

    // Single-use links sent by mail (e-mail verification, password reset): only a hash of the token is stored.
    await db.schema
      .createTable('tokens_conta')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('finalidade', 'text', (c) => c.notNull().check(sql`finalidade in ('email', 'password')`))
      .addColumn('email', 'text')
      .addColumn('expira_em', 'text', (c) => c.notNull())
      .addColumn('usado_em', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tokens_conta_usuario_idx').on('tokens_conta').columns(['usuario_id', 'finalidade']).execute();

    // The rate limits' counters (server/security/rate-limit-store.ts): one row per limiter key.
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('points', 'integer', (c) => c.notNull())
      // Milliseconds since the epoch; null never expires.
      .addColumn('expire', 'bigint')
      .execute();
    await db.schema.createIndex('rate_limits_expire_idx').on('rate_limits').column('expire').execute();

    // Method, path and a hash of the body the key was first used for: another call under the same key is refused.
    await db.schema.alterTable('idempotency').addColumn('fingerprint', 'text').execute();

    await db.schema
      .createTable('servidor_meta')
      .addColumn('chave', 'text', (c) => c.primaryKey())
      .addColumn('valor', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['servidor_meta', 'rate_limits', 'tokens_conta', 'sessoes_terminadas']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable('idempotency').dropColumn('fingerprint').execute();
    await db.schema.alterTable('usuarios').dropColumn('email_verificado_em').execute();
    await db.schema.alterTable('usuarios').dropColumn('sessoes_desde').execute();
  },
};
