import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { BatchResponseSchema } from '../../../contract/schemas/batch.ts';
import { hashPassword, verifyPassword } from '../../../server/auth/password.ts';
import { inTransaction } from '../../../server/db/group-commit.ts';
import { CpuWorkInTransactionError, transaction } from '../../../server/db/transaction.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { newAccountRow } from './helpers/accounts.ts';
import { actor, expectOk, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

// A password change checks the current password with scrypt: inside the shared SQLite transaction that held every
// other writer for seconds, and with no limit it let a stolen session guess the password without end.

const CHANGE = '/api/client/common/conta/actualizarPassword';
const wrong = (n: number) => ({ passwordActual: `errada${n}x`, password: 'novanova1', passwordConfirmacao: 'novanova1' });
const right = { passwordActual: 'antiga123', password: 'novanova1', passwordConfirmacao: 'novanova1' };

async function withPassword(server: TestServer, prefix: string): Promise<Actor> {
  return actor(server, (await newAccountRow(server, prefix, 'antiga123')).nomeUsuario);
}

async function storedHash(server: TestServer, user: Actor): Promise<string> {
  return (await server.db.selectFrom('usuarios').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash;
}

describeOnEachDb('CPU-heavy work refuses to run inside a database transaction', (server) => {
  it('password hashing and verification throw inside a transaction, whichever way it was opened', async () => {
    const stored = await hashPassword('fora123');
    await expect(transaction(server().db, () => hashPassword('x'))).rejects.toBeInstanceOf(CpuWorkInTransactionError);
    await expect(transaction(server().db, () => verifyPassword('fora123', stored))).rejects.toBeInstanceOf(CpuWorkInTransactionError);
    await expect(inTransaction(server().db, () => verifyPassword('fora123', stored))).rejects.toBeInstanceOf(CpuWorkInTransactionError);
    // Before and after a transaction it runs as ever.
    await transaction(server().db, async (trx) => trx.selectFrom('usuarios').select('id').execute());
    expect(await verifyPassword('fora123', stored)).toBe(true);
  });
});

describeOnEachDb('password change: the current password is checked outside the transaction, and guesses are limited', (server) => {
  it('changes the password (check and hash outside the transaction, which would refuse them)', async () => {
    const user = await withPassword(server(), 'trocar');
    const res = await user.send('PATCH', CHANGE, right, { 'idempotency-key': `trocar-${user.id}` });
    expect(res.status).toBe(200);
    expect(await verifyPassword('novanova1', await storedHash(server(), user))).toBe(true);
  });

  it('answers 40 concurrent wrong guesses with 10 checks (the failed sign-ins of the account) and 429 for the rest; then even the right password waits', async () => {
    const user = await withPassword(server(), 'adivinha');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => user.send('PATCH', CHANGE, wrong(n), { 'idempotency-key': `adivinha-${user.id}-${n}` })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.body.message).toBe(MSG.tooManyAttempts);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await user.send('PATCH', CHANGE, right)).status).toBe(429);
    expect(await verifyPassword('antiga123', await storedHash(server(), user))).toBe(true);
  });

  it('shares the counter with failed sign-ins: guesses here leave fewer sign-in attempts', async () => {
    const user = await withPassword(server(), 'partilha');
    for (let n = 0; n < 10; n += 1) expect((await user.send('PATCH', CHANGE, wrong(n))).status).toBe(400);
    const row = await server()
      .db.selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', `%user:${user.id}`)
      .execute();
    expect(row.map((r) => r.key).some((key) => key.startsWith('signin-account'))).toBe(true);
  });

  it('lets one outbox batch of 25 guesses check no more than the limit: the batch stops at the first 429', async () => {
    const user = await withPassword(server(), 'lote');
    const pedidos = Array.from({ length: 25 }, (_, n) => ({ method: 'PATCH', path: CHANGE, idempotencyKey: `lote-${user.id}-${n}`, body: wrong(n) }));
    const batch = expectOk(await user.send('POST', '/api/client/common/lote', { pedidos }), BatchResponseSchema);
    const statuses = batch.respostas.map((r) => r.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses).toHaveLength(11);
  });

  it('does not count a form mistake or a replay, and the right password clears earlier mistakes', async () => {
    const user = await withPassword(server(), 'limpa');
    for (let n = 0; n < 9; n += 1) expect((await user.send('PATCH', CHANGE, wrong(n))).status).toBe(400);
    // Mismatched confirmation: refused before any password is checked, so it costs nothing.
    for (let n = 0; n < 5; n += 1) {
      expect((await user.send('PATCH', CHANGE, { ...right, passwordConfirmacao: 'outra' })).status).toBe(400);
    }
    expect((await user.send('PATCH', CHANGE, right)).status).toBe(200);
    const left = await server().db.selectFrom('rate_limits').select('points').where('key', 'like', `signin-account%user:${user.id}`).execute();
    expect(left).toEqual([]);
  });
});
