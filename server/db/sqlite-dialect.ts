import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

// kysely's SqliteDialect speaks the better-sqlite3 interface. better-sqlite3 cannot be built here (no Node 24
// headers offline), so node:sqlite is adapted to that interface: parameters are spread rather than passed as an
// array, `reader` comes from the statement's result columns, and booleans become 0/1 as SQLite stores them.
function toSqlValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqlValue);
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    // node:sqlite rows have a null prototype; plain objects behave everywhere (spread, deep equality, JSON).
    return this.#statement.all(...bind(parameters)).map((row) => ({ ...row }));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    const { changes, lastInsertRowid } = this.#statement.run(...bind(parameters));
    return { changes, lastInsertRowid };
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    for (const row of this.#statement.iterate(...bind(parameters))) yield { ...row };
  }
}

/** How many prepared statements one database keeps: the app's queries are a few hundred distinct texts. */
export const STATEMENT_CACHE_SIZE = 500;

class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  /**
   * Prepared statements by their SQL, least recently used first (a Map keeps insertion order). kysely prepares every
   * query again; compiling the SQL each time cost more than running most queries. kysely's driver runs one query at
   * a time on this connection, so a statement is never used by two queries at once.
   */
  readonly #statements = new Map<string, NodeSqliteStatement>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) {
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = new NodeSqliteStatement(this.#db.prepare(sql));
    this.#statements.set(sql, statement);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return statement;
  }

  close(): void {
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }
}

export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  // WAL lets readers and the single writer overlap and survives crashes; foreign keys are off by default in SQLite.
  if (file !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  // In WAL mode NORMAL syncs at checkpoints instead of every commit (5 ms each on this disk, which capped every write
  // call at ~200/s): a crash of the process loses nothing, a power cut may lose the last commits, never the file.
  // Production runs PostgreSQL (DATABASE_URL); docs/decisions.md "Server throughput".
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  return new NodeSqliteDatabase(db);
}

export function createSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({ database: openSqlite(file) });
}
