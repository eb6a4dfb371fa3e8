import { beforeAll, expect, it } from 'vitest';
import { BatchResponseSchema } from '../../../contract/schemas/batch.ts';
import { CreateSlipResponseSchema, SlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { selectionFor, upcomingEventIds } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

// A published slip is locked. Nothing changes its selections, their odds or its stake, whatever route,
// method or batch is tried; publishing and hiding only change whether it is listed.

const MINE = '/api/client/apostador/fichas';

/** Everything of a slip that is locked at publish. */
async function locked(server: TestServer, id: string) {
  const slip = await server.db
    .selectFrom('fichas')
    .select(['id', 'usuario_id', 'valor', 'odds_change', 'created_at', 'publicada_em'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const legs = await server.db
    .selectFrom('ficha_selecoes')
    .select(['posicao', 'evento_id', 'tipo', 'escolha', 'odds', 'probabilidade'])
    .where('ficha_id', '=', id)
    .orderBy('posicao')
    .execute();
  return { slip, legs };
}

describeOnEachDb('a published slip is locked', (server) => {
  let owner: Actor;
  let events: string[];
  let id: string;
  let other: unknown[];
  beforeAll(async () => {
    owner = await newUser(server(), 'lock');
    events = await upcomingEventIds(server(), 4);
    const ficha = [await selectionFor(server(), events[0] ?? '', 'ft_result', 'home'), await selectionFor(server(), events[1] ?? '', 'btts', 'yes')];
    const res = await owner.send('POST', `${MINE}/criarFicha`, { ficha, valor: 500, oddsChange: false }, idemKey());
    id = expectOk(res, CreateSlipResponseSchema, 201).ficha.id;
    other = [await selectionFor(server(), events[2] ?? '', 'goals', 'over_1.5'), await selectionFor(server(), events[3] ?? '', 'ft_result', 'away')];
  });

  it('answers 404 to any edit of its selections, odds or stake, and the slip is unchanged', async () => {
    const before = await locked(server(), id);
    expect(before.slip.publicada_em).toBe(before.slip.created_at);
    const edit = { ficha: other, valor: 99_999, oddsChange: true, selecoes: other, odds: 50 };
    const json = { 'content-type': 'application/json', ...idemKey() };
    const answers = [
      await owner.send('PATCH', `${MINE}/${id}`, edit, idemKey()),
      (await owner.raw(`${MINE}/${id}`, { method: 'PUT', headers: json, body: JSON.stringify(edit) })).status,
      await owner.send('POST', `${MINE}/${id}`, edit, idemKey()),
      await owner.send('PATCH', `${MINE}/${id}/selecoes`, edit, idemKey()),
      await owner.send('POST', `${MINE}/${id}/selecoes`, edit, idemKey()),
      await owner.send('DELETE', `${MINE}/${id}/selecoes/0`, undefined, idemKey()),
      await owner.send('PATCH', `${MINE}/${id}/valor`, edit, idemKey()),
      await owner.send('PATCH', `/api/client/common/fichas/${id}`, edit, idemKey()),
      (await owner.raw(`/api/client/common/fichas/${id}`, { method: 'PUT', headers: json, body: JSON.stringify(edit) })).status,
    ].map((a) => (typeof a === 'number' ? a : a.status));
    expect(answers).toEqual(answers.map(() => 404));

    // Publish and hide read no body: a smuggled edit is ignored.
    for (const action of ['ocultar', 'publicar']) {
      const res = await owner.send('PATCH', `${MINE}/${id}/${action}`, edit, idemKey());
      expect(expectOk(res, SlipResponseSchema).ficha.valor).toBe(500);
    }
    // A new slip with other legs is a new slip: the published one is untouched.
    await owner.send('POST', `${MINE}/criarFicha`, { ...edit, ficha: other, valor: 700 }, idemKey());

    // The outbox's batch endpoint goes through the same routes.
    const batch = await owner.send('POST', '/api/client/common/lote', {
      pedidos: [
        { method: 'PATCH', path: `${MINE}/${id}`, body: edit, idempotencyKey: `lock-a-${Date.now()}` },
        { method: 'POST', path: `${MINE}/${id}`, body: edit, idempotencyKey: `lock-b-${Date.now()}` },
        { method: 'DELETE', path: `${MINE}/${id}`, idempotencyKey: `lock-c-${Date.now()}` },
      ],
    }, idemKey());
    const { respostas } = expectOk(batch, BatchResponseSchema);
    expect(respostas).toHaveLength(3);
    expect(respostas.map((r) => r.status)).toEqual([404, 404, 404]);

    expect(await locked(server(), id)).toEqual(before);
    const ficha = expectOk(await owner.get(`${MINE}/${id}`), SlipResponseSchema).ficha;
    expect(ficha).toMatchObject({ valor: 500, publicada: true, publicadaEm: before.slip.publicada_em });
    expect(ficha.selecoes.map((s) => [s.event_id, s.event_selection.odds])).toEqual(before.legs.map((l) => [l.evento_id, l.odds / 100]));
  });

  it('moving prices never change the odds a slip was published at; the leg shows the new price beside it', async () => {
    const before = await locked(server(), id);
    await server().db.updateTable('mercados').set({ odds: 777 }).where('evento_id', '=', events[0] ?? '').where('tipo', '=', 'ft_result').where('escolha', '=', 'home').execute();
    const ficha = expectOk(await owner.get(`${MINE}/${id}`), SlipResponseSchema).ficha;
    expect(ficha.selecoes[0]?.event_selection.odds).toBe((before.legs[0]?.odds ?? 0) / 100);
    expect(ficha.selecoes[0]?.event_selection_now).toEqual({ open: true, odds: 7.77 });
    expect(await locked(server(), id)).toEqual(before);
  });
});
