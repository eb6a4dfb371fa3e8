import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedWrite, inTransaction } from '../../../server/db/group-commit.ts';
import type { Trx } from '../../../server/idempotency/idempotent.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, idemKey, newUser } from './helpers/social.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// server/db/group-commit.ts: on SQLite the mutations of one moment share a transaction, each in its own
// savepoint. Whatever the database, each mutation keeps its own outcome: a failed one undoes only its own writes,
// none is settled before its writes are committed, and an Idempotency-Key still gives one effect.

async function counterOf(trx: Trx | Parameters<typeof inTransaction>[0], userId: string): Promise<number | null> {
  const row = await trx.selectFrom('contadores').select('count').where('usuario_id', '=', userId).where('nome', '=', 'newMessage').executeTakeFirst();
  return row ? Number(row.count) : null;
}

const raise = (userId: string, by: number) => async (trx: Trx | Parameters<typeof inTransaction>[0]) => {
  await trx
    .insertInto('contadores')
    .values({ usuario_id: userId, nome: 'newMessage', count: by })
    .onConflict((conflict) => conflict.columns(['usuario_id', 'nome']).doUpdateSet({ count: sql`contadores.count + ${by}` }))
    .execute();
  return by;
};

describeOnEachDb('mutations committed together', (server) => {
  // A rate-limit counter is a grouped write: written in the moment's transaction on SQLite, alone elsewhere.
  it.each([
    ['mutations', inTransaction],
    ['grouped writes (a rate-limit counter)', groupedWrite],
  ] as const)('keeps the outcome of %s beside a mutation of the same moment that fails, which undoes only its own writes', async (_kind, write) => {
    const { db } = server();
    const user = await newUser(server(), 'grupo');
    const results = await Promise.allSettled([
      write(db, raise(user.id, 1)),
      inTransaction(db, async (trx) => {
        await raise(user.id, 10)(trx);
        throw new Error('recusada');
      }),
      write(db, raise(user.id, 100)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: new Error('recusada') });
    expect(await counterOf(db, user.id)).toBe(101);
  });

  it('gives two sends with one Idempotency-Key at once one message and the same answer', async () => {
    const demo = await actor(server(), 'demo');
    const to = await newUser(server(), 'grupo');
    const key = idemKey();
    const path = `/api/client/common/conversas/com/${to.nomeUsuario}/mensagens`;
    const [first, second, third] = await Promise.all([
      demo.send('POST', path, { mensagem: 'Uma vez só', imagens: [] }, key),
      demo.send('POST', path, { mensagem: 'Uma vez só', imagens: [] }, key),
      demo.send('POST', path, { mensagem: 'Outra', imagens: [] }, idemKey()),
    ]);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(second.body).toEqual(first.body);
    expect([first, second].filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    const stored = await server()
      .db.selectFrom('mensagens')
      .select('mensagem')
      .where('sender_id', '=', demo.id)
      .where('mensagem', 'in', ['Uma vez só', 'Outra'])
      .execute();
    expect(stored.map((row) => row.mensagem).sort()).toEqual(['Outra', 'Uma vez só']);
    expect(await counterOf(server().db, to.id)).toBe(2);
  });
});

// Only SQLite shares a transaction between mutations; this reads its file through a connection of its own.
describe('the group commit on SQLite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ name: 'sqlite', available: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('settles a mutation only once its writes are committed, seen by another connection', async () => {
    const { db, config } = server;
    const user = await newUser(server, 'grupo');
    const other = new DatabaseSync(join(config.dataDir, 'app.sqlite'), { readOnly: true });
    try {
      const seen: (number | null)[] = [];
      const look = () => {
        const row = other.prepare("select count from contadores where usuario_id = ? and nome = 'newMessage'").get(user.id);
        seen.push(row ? Number(row.count) : null);
      };
      await Promise.all([inTransaction(db, raise(user.id, 2)).then(look), inTransaction(db, raise(user.id, 3)).then(look)]);
      expect(seen).toEqual([5, 5]);
    } finally {
      other.close();
    }
  });
});
