import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { prepared } from '../../../server/db/prepared.ts';
import { describeOnEachDb } from './helpers/matrix.ts';

// server/db/prepared.ts: a query built once runs with each call's values, on either database, in or out of a
// transaction, and a value the builder did not pass as a parameter is refused at once rather than frozen in.
const counterOf = prepared<{ userId: string; nome: 'newMessage' | 'newNotification' }, { count: number }>((db, param) =>
  db.selectFrom('contadores').select('count').where('usuario_id', '=', param('userId')).where('nome', '=', param('nome')),
);

const raise = prepared<{ userId: string; by: number }, never>((db, param) =>
  db
    .insertInto('contadores')
    .values({ usuario_id: param('userId'), nome: 'newMessage', count: param('by') })
    .onConflict((conflict) => conflict.columns(['usuario_id', 'nome']).doUpdateSet({ count: sql`contadores.count + ${param('by')}` })),
);

describeOnEachDb('prepared queries', (server) => {
  it('runs with each call\'s values, a value used twice and the constants the builder wrote included', async () => {
    const { db } = server();
    const user = await db.selectFrom('usuarios').select('id').where('nome_usuario', '=', 'demo').executeTakeFirstOrThrow();
    await db.deleteFrom('contadores').where('usuario_id', '=', user.id).execute();
    await raise(db, { userId: user.id, by: 2 });
    await raise(db, { userId: user.id, by: 3 });
    expect((await counterOf(db, { userId: user.id, nome: 'newMessage' })).rows.map((row) => Number(row.count))).toEqual([5]);
    expect((await counterOf(db, { userId: user.id, nome: 'newNotification' })).rows).toEqual([]);
    expect((await counterOf(db, { userId: 'nobody', nome: 'newMessage' })).rows).toEqual([]);
  });

  it('runs inside a transaction and is rolled back with it', async () => {
    const { db } = server();
    const user = await db.selectFrom('usuarios').select('id').where('nome_usuario', '=', 'moderador').executeTakeFirstOrThrow();
    await db.deleteFrom('contadores').where('usuario_id', '=', user.id).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await raise(trx, { userId: user.id, by: 7 });
        expect((await counterOf(trx, { userId: user.id, nome: 'newMessage' })).rows.map((row) => Number(row.count))).toEqual([7]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await counterOf(db, { userId: user.id, nome: 'newMessage' })).rows).toEqual([]);
  });

  it('refuses a builder that does not pass a value as a parameter', async () => {
    const { db } = server();
    const written = prepared<{ nome: string }, { id: string }>((builder, param) =>
      builder.selectFrom('usuarios').select('id').where(sql.ref('nome_usuario'), '=', sql.lit(param('nome'))),
    );
    await expect(written(db, { nome: 'demo' })).rejects.toThrow(/nome/);
    const unused = prepared<{ nome: string }, { id: string }>((builder, param) => {
      param('nome');
      return builder.selectFrom('usuarios').select('id');
    });
    await expect(unused(db, { nome: 'demo' })).rejects.toThrow(/nome is not a parameter/);
  });
});
