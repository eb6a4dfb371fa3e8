import { sql, type Kysely, type Migration } from 'kysely';

// Conversations, groups, rooms, messages and their images, follows, profiles, phone verification, rewards and the
// moderator's event records. Schema builder only, so it runs on SQLite and PostgreSQL.
const TABLES = [
  'eventos_externos',
  'recompensas',
  'verificacoes_telefone',
  'seguidores',
  'imagens',
  'mensagens',
  'salas',
  'grupo_membros',
  'grupos',
  'conversas',
  'perfis',
];

export const social: Migration = {
  async up(db: Kysely<unknown>) {
    // What usuarios does not hold: bankroll, badges, links, verification, and a photo version for image caching.
    await db.schema
      .createTable('perfis')
      .addColumn('usuario_id', 'text', (c) => c.primaryKey().references('usuarios.id').onDelete('cascade'))
      .addColumn('banca_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('banca_trend', 'text', (c) => c.notNull().defaultTo('up').check(sql`banca_trend in ('up', 'down')`))
      .addColumn('socials', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('nif_verificado', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('telefone_verificado', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('foto_versao', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('conversas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('primeiro_usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('segundo_usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      // The two ids sorted and joined: one conversation per pair, whoever started it.
      .addColumn('par', 'text', (c) => c.notNull().unique())
      .addColumn('primeiro_nao_lidas', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('segundo_nao_lidas', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_sender_id', 'text', (c) => c.references('usuarios.id').onDelete('set null'))
      .addColumn('last_message', 'text')
      .addColumn('last_message_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('conversas_primeiro_idx').on('conversas').columns(['primeiro_usuario_id', 'last_message_at']).execute();
    await db.schema.createIndex('conversas_segundo_idx').on('conversas').columns(['segundo_usuario_id', 'last_message_at']).execute();
    await db.schema.createIndex('conversas_recentes_idx').on('conversas').columns(['last_message_at', 'id']).execute();

    await db.schema
      .createTable('grupos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('imagem', 'text')
      .addColumn('privado', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('allowed_senders', 'text', (c) => c.notNull().defaultTo('all').check(sql`allowed_senders in ('all', 'admins')`))
      .addColumn('planos', 'text', (c) => c.notNull())
      .addColumn('criador_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('last_sender_id', 'text', (c) => c.references('usuarios.id').onDelete('set null'))
      .addColumn('last_message', 'text')
      .addColumn('last_message_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('grupos_criador_idx').on('grupos').column('criador_id').execute();

    await db.schema
      .createTable('grupo_membros')
      .addColumn('grupo_id', 'text', (c) => c.notNull().references('grupos.id').onDelete('cascade'))
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('normal').check(sql`role in ('normal', 'administrador')`))
      .addColumn('expira_em', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('grupo_membros_pk', ['grupo_id', 'usuario_id'])
      .execute();
    await db.schema.createIndex('grupo_membros_usuario_idx').on('grupo_membros').column('usuario_id').execute();

    await db.schema
      .createTable('salas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('evento_id', 'text', (c) => c.notNull().unique().references('eventos.id').onDelete('cascade'))
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('last_sender_id', 'text', (c) => c.references('usuarios.id').onDelete('set null'))
      .addColumn('last_message', 'text')
      .addColumn('last_message_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // One table for the messages of conversations, groups and rooms; chat_id points into the table chat_tipo names.
    await db.schema
      .createTable('mensagens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('chat_tipo', 'text', (c) => c.notNull().check(sql`chat_tipo in ('conversa', 'grupo', 'sala')`))
      .addColumn('chat_id', 'text', (c) => c.notNull())
      .addColumn('sender_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('mensagem', 'text', (c) => c.notNull())
      .addColumn('recurso_tipo', 'text')
      .addColumn('recurso_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mensagens_chat_idx').on('mensagens').columns(['chat_tipo', 'chat_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('imagens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mensagem_id', 'text', (c) => c.notNull().references('mensagens.id').onDelete('cascade'))
      .addColumn('ordem', 'integer', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('dados', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('imagens_mensagem_idx').on('imagens').columns(['mensagem_id', 'ordem']).execute();

    await db.schema
      .createTable('seguidores')
      .addColumn('seguidor_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('seguido_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('seguidores_pk', ['seguidor_id', 'seguido_id'])
      .execute();
    await db.schema.createIndex('seguidores_seguido_idx').on('seguidores').columns(['seguido_id', 'created_at']).execute();

    await db.schema
      .createTable('verificacoes_telefone')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('numero', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('tentativas', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('usado', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expira_em', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('verificacoes_telefone_usuario_idx')
      .on('verificacoes_telefone')
      .columns(['usuario_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('recompensas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('pagamento_id', 'text', (c) => c.notNull().unique())
      .addColumn('remetente_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('destinatario_id', 'text', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
      .addColumn('valor', 'integer', (c) => c.notNull())
      .addColumn('estado', 'text', (c) =>
        c.notNull().check(sql`estado in ('pendente', 'confirmado', 'concluido', 'cancelado', 'rejeitado', 'reembolsado')`),
      )
      .addColumn('mensagem', 'text')
      .addColumn('ficha_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recompensas_remetente_idx').on('recompensas').columns(['remetente_id', 'created_at']).execute();
    await db.schema.createIndex('recompensas_destinatario_idx').on('recompensas').columns(['destinatario_id', 'created_at']).execute();

    await db.schema
      .createTable('eventos_externos')
      .addColumn('evento_id', 'text', (c) => c.primaryKey().references('eventos.id').onDelete('cascade'))
      .addColumn('sport_radar_event_id', 'text', (c) => c.notNull())
      .addColumn('sport_radar_season_id', 'text', (c) => c.notNull())
      .addColumn('actualizado_por', 'text', (c) => c.references('usuarios.id').onDelete('set null'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
  },
};
