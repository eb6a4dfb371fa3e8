import { beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { BatchResponseSchema } from '../../../contract/schemas/batch.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { inOneMillisecond } from './helpers/one-millisecond.ts';
import { actor, anonymous, expectError, expectOk, newUser, type Actor } from './helpers/social.ts';

const BATCH = '/api/client/common/lote';
let counter = 0;
const key = () => `batch-test:${Date.now()}:${++counter}`;

describeOnEachDb('POST /api/client/common/lote (outbox batches)', (server) => {
  let sender: Actor;
  let receiver: Actor;
  beforeAll(async () => {
    sender = await newUser(server(), 'lote');
    receiver = await actor(server(), 'moderador');
  });
  const message = (text: string, idempotencyKey = key()) => ({
    method: 'POST',
    path: `/api/client/common/conversas/com/${receiver.nomeUsuario}/mensagens`,
    body: { mensagem: text, imagens: [] },
    idempotencyKey,
  });
  const texts = async (prefix: string) =>
    (await server().db.selectFrom('mensagens').select(['mensagem']).where('mensagem', 'like', `${prefix}%`).orderBy('seq').execute()).map(
      (row) => row.mensagem,
    );

  it('applies every item in order, each with its own answer', async () => {
    const prefix = `ordem-${Date.now()}`;
    // One millisecond for the whole batch: the order has to come from the server's places, not from the clock.
    const res = await inOneMillisecond(() => sender.send('POST', BATCH, { pedidos: [1, 2, 3, 4, 5].map((n) => message(`${prefix}-${n}`)) }));
    const { respostas } = expectOk(res, BatchResponseSchema);
    expect(respostas.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await texts(prefix)).toEqual([1, 2, 3, 4, 5].map((n) => `${prefix}-${n}`));
  });

  it('replays a resent batch from the idempotency store and changes nothing', async () => {
    const prefix = `replay-${Date.now()}`;
    const body = { pedidos: [message(`${prefix}-1`), message(`${prefix}-2`)] };
    expectOk(await sender.send('POST', BATCH, body), BatchResponseSchema);
    const again = expectOk(await sender.send('POST', BATCH, body), BatchResponseSchema);
    expect(again.respostas.map((r) => r.replayed)).toEqual([true, true]);
    expect(await texts(prefix)).toEqual([`${prefix}-1`, `${prefix}-2`]);
  });

  it("answers a refused item with the rule's message and goes on with the next", async () => {
    const prefix = `recusa-${Date.now()}`;
    const refused = { method: 'POST', path: `/api/client/common/conversas/com/ninguem-${Date.now()}/mensagens`, body: { mensagem: 'x', imagens: [] }, idempotencyKey: key() };
    const { respostas } = expectOk(await sender.send('POST', BATCH, { pedidos: [refused, message(`${prefix}-2`)] }), BatchResponseSchema);
    expect(respostas[0]?.status).toBe(404);
    expect(respostas[1]?.status).toBe(201);
    expect(await texts(prefix)).toEqual([`${prefix}-2`]);
  });

  it('refuses a malformed batch, a path outside the client API and a nested batch', async () => {
    expectError(await sender.send('POST', BATCH, '{nope'), 400, MSG.invalidRequest);
    expectError(await sender.send('POST', BATCH, { pedidos: [] }), 400, MSG.invalidRequest);
    expectError(await sender.send('POST', BATCH, { pedidos: [{ method: 'GET', path: '/api/auth/session', idempotencyKey: key() }] }), 400, MSG.invalidRequest);
    expectError(await sender.send('POST', BATCH, { pedidos: Array.from({ length: 26 }, () => message('x')) }), 400, MSG.invalidRequest);
    const nested = expectOk(await sender.send('POST', BATCH, { pedidos: [{ method: 'POST', path: BATCH, body: { pedidos: [] }, idempotencyKey: key() }] }), BatchResponseSchema);
    expect(nested.respostas[0]?.status).toBe(400);
  });

  it('needs a session', async () => {
    expectError(await anonymous(server()).send('POST', BATCH, { pedidos: [message('x')] }), 401);
  });
});
