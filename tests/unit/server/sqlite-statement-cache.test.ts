import { describe, expect, it } from 'vitest';
import { openSqlite, STATEMENT_CACHE_SIZE } from '../../../server/db/sqlite-dialect.ts';

// The node:sqlite adapter keeps prepared statements by their SQL, bounded, and a reused one still binds afresh.
describe('sqlite statement cache', () => {
  it('reuses a prepared statement for the same SQL and binds each call afresh', () => {
    const db = openSqlite(':memory:');
    db.prepare('create table t (id integer primary key, name text)').run([]);
    const insert = db.prepare('insert into t (name) values (?)');
    expect(db.prepare('insert into t (name) values (?)')).toBe(insert);
    insert.run(['a']);
    db.prepare('insert into t (name) values (?)').run(['b']);
    const select = 'select name from t where id = ?';
    expect(db.prepare(select).all([1])).toEqual([{ name: 'a' }]);
    expect(db.prepare(select).all([2])).toEqual([{ name: 'b' }]);
    expect([...db.prepare('select name from t order by id').iterate([])]).toEqual([{ name: 'a' }, { name: 'b' }]);
    db.close();
  });

  it('keeps at most STATEMENT_CACHE_SIZE statements, dropping the least recently used', () => {
    const db = openSqlite(':memory:');
    const first = db.prepare('select 0 as n');
    for (let i = 1; i <= STATEMENT_CACHE_SIZE; i += 1) db.prepare(`select ${i} as n`);
    // The first was the least recently used and is gone: the same SQL prepares a new statement that still works.
    const again = db.prepare('select 0 as n');
    expect(again).not.toBe(first);
    expect(again.all([])).toEqual([{ n: 0 }]);
    // A recently used one stays.
    expect(db.prepare(`select ${STATEMENT_CACHE_SIZE} as n`)).toBe(db.prepare(`select ${STATEMENT_CACHE_SIZE} as n`));
    db.close();
  });

  it('sees a table changed after the statement was prepared', () => {
    const db = openSqlite(':memory:');
    db.prepare('create table u (a integer)').run([]);
    db.prepare('insert into u (a) values (1)').run([]);
    const read = 'select * from u';
    expect(db.prepare(read).all([])).toEqual([{ a: 1 }]);
    db.prepare('alter table u add column b integer default 2').run([]);
    expect(db.prepare(read).all([])).toEqual([{ a: 1, b: 2 }]);
    db.close();
  });
});
