import { sql, type Kysely, type Migration } from 'kysely';

// Lists ordered by a place the server gives each row: `seq`, taken from a counter row in the insert's
// transaction (server/db/list-place.ts), instead of created_at (milliseconds) and a random id, which left rows of
// one millisecond in either order. Existing rows are numbered in their current (created_at, id) order.

interface OrderedTable {
  table: string;
  /** Columns that pick one list out of the table; none when the table is one list. */
  scope: readonly string[];
  /** Columns that pick one row (the primary key). */
  key: readonly string[];
  /** The counter row's name for a list, as server/db/list-place.ts LIST writes it. */
  list: (row: Record<string, unknown>) => string;
  /** Superseded (…, created_at, id) ordering index and the (…, seq) index that replaces it. */
  replaces?: { name: string; columns: readonly string[] };
  index: { name: string; columns: readonly string[] };
}

const TABLES: readonly OrderedTable[] = [
  {
    table: 'mensagens',
    scope: ['chat_tipo', 'chat_id'],
    key: ['id'],
    list: (row) => `mensagens:${String(row.chat_tipo)}:${String(row.chat_id)}`,
    replaces: { name: 'mensagens_chat_idx', columns: ['chat_tipo', 'chat_id', 'created_at', 'id'] },
    index: { name: 'mensagens_ordem_idx', columns: ['chat_tipo', 'chat_id', 'seq'] },
  },
  {
    table: 'notificacoes',
    scope: ['usuario_id'],
    key: ['id'],
    list: (row) => `notificacoes:${String(row.usuario_id)}`,
    replaces: { name: 'notificacoes_usuario_idx', columns: ['usuario_id', 'created_at', 'id'] },
    index: { name: 'notificacoes_ordem_idx', columns: ['usuario_id', 'seq'] },
  },
  {
    table: 'ficha_comentarios',
    scope: ['ficha_id'],
    key: ['id'],
    list: (row) => `ficha_comentarios:${String(row.ficha_id)}`,
    replaces: { name: 'ficha_comentarios_ficha_idx', columns: ['ficha_id', 'created_at', 'id'] },
    index: { name: 'ficha_comentarios_ordem_idx', columns: ['ficha_id', 'seq'] },
  },
  {
    table: 'fichas_guardadas',
    scope: ['usuario_id'],
    key: ['usuario_id', 'ficha_id'],
    list: (row) => `fichas_guardadas:${String(row.usuario_id)}`,
    index: { name: 'fichas_guardadas_ordem_idx', columns: ['usuario_id', 'seq'] },
  },
  { table: 'fichas', scope: [], key: ['id'], list: () => 'fichas', index: { name: 'fichas_ordem_idx', columns: ['seq'] } },
  {
    table: 'seguidores',
    scope: [],
    key: ['seguidor_id', 'seguido_id'],
    list: () => 'seguidores',
    index: { name: 'seguidores_ordem_idx', columns: ['seq'] },
  },
  { table: 'recompensas', scope: [], key: ['id'], list: () => 'recompensas', index: { name: 'recompensas_ordem_idx', columns: ['seq'] } },
];

const COUNTER_BATCH = 500;

/** Numbers the table's rows 1, 2, … within each list in (created_at, key) order; UPDATE … FROM runs on both databases. */
async function numberRows(db: Kysely<unknown>, t: OrderedTable): Promise<void> {
  const partition = t.scope.length > 0 ? sql`partition by ${sql.join(t.scope.map((c) => sql.ref(c)))}` : sql``;
  const order = sql.join([sql.ref('created_at'), ...t.key.map((c) => sql.ref(c))]);
  const match = sql.join(
    t.key.map((c) => sql`${sql.ref(`ordem.${c}`)} = ${sql.ref(`${t.table}.${c}`)}`),
    sql` and `,
  );
  await sql`update ${sql.table(t.table)} set seq = ordem.n
    from (select ${sql.join(t.key.map((c) => sql.ref(c)))}, row_number() over (${partition} order by ${order}) as n from ${sql.table(t.table)}) as ordem
    where ${match}`.execute(db);
}

/** One counter row per list that has rows: its last place and its newest row's time, so new rows come after them. */
async function writeCounters(db: Kysely<unknown>, t: OrderedTable): Promise<void> {
  const scope = t.scope.map((c) => sql.ref(c));
  const { rows } = await sql<Record<string, unknown> & { valor: number | string; ultimo: string }>`
    select ${sql.join([...scope, sql`max(seq) as valor`, sql`max(created_at) as ultimo`])}
    from ${sql.table(t.table)}
    ${scope.length > 0 ? sql`group by ${sql.join(scope)}` : sql``}`.execute(db);
  const counters = rows
    .filter((row) => row.ultimo !== null)
    .map((row) => ({ nome: t.list(row), valor: Number(row.valor), ultimo_ms: Date.parse(row.ultimo) || 0 }));
  for (let i = 0; i < counters.length; i += COUNTER_BATCH) {
    await db
      .withTables<{ sequencias: { nome: string; valor: number; ultimo_ms: number } }>()
      .insertInto('sequencias')
      .values(counters.slice(i, i + COUNTER_BATCH))
      .execute();
  }
}

export const ordering: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sequencias')
      .addColumn('nome', 'text', (c) => c.primaryKey())
      .addColumn('valor', 'integer', (c) => c.notNull())
      .addColumn('ultimo_ms', 'bigint', (c) => c.notNull())
      .execute();
    for (const t of TABLES) {
      // NOT NULL needs a default on SQLite when rows exist; every insert sets seq (the row types require it), and the
      // unique index refuses a second row left at the default in one list.
      await db.schema.alterTable(t.table).addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await numberRows(db, t);
      await writeCounters(db, t);
      await db.schema.createIndex(t.index.name).on(t.table).columns([...t.index.columns]).unique().execute();
      if (t.replaces) await db.schema.dropIndex(t.replaces.name).execute();
    }
    await db.schema.createIndex('fichas_usuario_ordem_idx').on('fichas').columns(['usuario_id', 'oculta', 'seq']).execute();
    await db.schema.dropIndex('fichas_usuario_idx').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.createIndex('fichas_usuario_idx').on('fichas').columns(['usuario_id', 'oculta', 'created_at']).execute();
    await db.schema.dropIndex('fichas_usuario_ordem_idx').execute();
    for (const t of [...TABLES].reverse()) {
      if (t.replaces) await db.schema.createIndex(t.replaces.name).on(t.table).columns([...t.replaces.columns]).execute();
      await db.schema.dropIndex(t.index.name).execute();
      await db.schema.alterTable(t.table).dropColumn('seq').execute();
    }
    await db.schema.dropTable('sequencias').execute();
  },
};
