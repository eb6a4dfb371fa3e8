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

class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  prepare(sql: string): SqliteStatement {
    return new NodeSqliteStatement(this.#db.prepare(sql));
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}

export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  // WAL lets readers and the single writer overlap and survives crashes; foreign keys are off by default in SQLite.
  if (file !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  return new NodeSqliteDatabase(db);
}

export function createSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({ database: openSqlite(file) });
}
