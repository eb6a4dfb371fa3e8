import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.ts';

// kysely builds a tree of immutable nodes and compiles it to SQL on every call; for the queries of the busiest calls
// (sending a message runs a dozen) that cost about as much as SQLite running them. A prepared query is built and
// compiled once per dialect with a marker in place of each value, and each call puts its own values where the markers
// were: the same SQL text, so the statement cache of the SQLite adapter (and PostgreSQL's plan) is reused too.

type Db = Kysely<Database>;

const MARKER = '\u0000prepared:';

interface Prepared<R> {
  compiled: CompiledQuery<R>;
  /** For each parameter of the compiled query: the value's name, or null for a constant the builder wrote. */
  slots: (string | null)[];
}

/** Where the markers ended up among the compiled parameters; any marker missing or written into the SQL is a mistake. */
function slotsOf(compiled: CompiledQuery, names: readonly string[]): (string | null)[] {
  const slots = compiled.parameters.map((value) => (typeof value === 'string' && value.startsWith(MARKER) ? value.slice(MARKER.length) : null));
  for (const name of names) {
    if (!slots.includes(name)) throw new Error(`prepared query: ${name} is not a parameter of ${compiled.sql}`);
  }
  if (compiled.sql.includes(MARKER)) throw new Error(`prepared query: a value was written into the SQL: ${compiled.sql}`);
  return slots;
}

/**
 * A query built once and run with new values: `build` gets `param(name)` to use wherever a value goes (it stands for
 * the value of `name` given at each run). Only values can vary, not the query's shape (an `in` list is one value per
 * element, so its length is fixed). The result runs on a database or inside a transaction alike.
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Db, param: <K extends keyof P & string>(name: K) => P[K]) => Compilable<R>,
): (db: Db, values: P) => Promise<QueryResult<R>> {
  // By the dialect's adapter: a transaction shares its database's, and SQLite and PostgreSQL compile differently.
  const byAdapter = new WeakMap<object, Prepared<R>>();
  const prepare = (db: Db): Prepared<R> => {
    const adapter = db.getExecutor().adapter;
    let found = byAdapter.get(adapter);
    if (!found) {
      const names: string[] = [];
      const compiled = build(db, (name) => {
        names.push(name);
        return `${MARKER}${name}` as never;
      }).compile();
      found = { compiled, slots: slotsOf(compiled, names) };
      byAdapter.set(adapter, found);
    }
    return found;
  };
  return async (db, values) => {
    const { compiled, slots } = prepare(db);
    const parameters = slots.map((name, index) => (name === null ? compiled.parameters[index] : values[name]));
    return db.executeQuery<R>({ ...compiled, parameters, queryId: createQueryId() });
  };
}
