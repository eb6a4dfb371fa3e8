import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { createSqliteDialect } from './sqlite-dialect.ts';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface CreateDbOptions {
  /** SQLite file to use instead of `{DATA_DIR}/app.sqlite`; `:memory:` for throwaway tests. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests use a fresh one per run so runs never see each other's rows). */
  pgSchema?: string;
}

export interface DbHandle {
  db: Db;
  kind: DbKind;
}

export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: CreateDbOptions = {}): DbHandle {
  if (config.databaseUrl) {
    return { db: new Kysely<Database>({ dialect: postgresDialect(config.databaseUrl, options.pgSchema) }), kind: 'postgres' };
  }
  let file = options.sqliteFile;
  if (!file) {
    mkdirSync(config.dataDir, { recursive: true });
    file = join(config.dataDir, 'app.sqlite');
  }
  return { db: new Kysely<Database>({ dialect: createSqliteDialect(file) }), kind: 'sqlite' };
}

function postgresDialect(connectionString: string, schema: string | undefined): Dialect {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return new PostgresDialect({ pool });
}
