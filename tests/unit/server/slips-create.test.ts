import { beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { CreateSlipResponseSchema, SlipRefusalSchema, SubscriptionErrorSchema } from '../../../contract/schemas/slips.ts';
import { slipMultiplier } from '../../../contract/slip-math.ts';
import { createMatch, expectBettingReplay, selectionFor, setLicence, upcomingEventIds } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, anonymous, expectError, expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';

const CREATE = '/api/client/apostador/fichas/criarFicha';

describeOnEachDb('POST /api/client/apostador/fichas/criarFicha', (server) => {
  let events: string[];
  let user: Actor;
  beforeAll(async () => {
    events = await upcomingEventIds(server(), 30);
    user = await newUser(server(), 'slip');
  });
  const pick = (index: number, type = 'ft_result', choice = 'home') => selectionFor(server(), events[index] ?? '', type, choice);
  const create = (who: Actor, body: unknown, headers = idemKey()) => who.send('POST', CREATE, body, headers);

  it('creates the slip at 201 with its id, selections, multiplier and return', async () => {
    const legs = [await pick(0), await pick(1, 'goals', 'over_1.5'), await pick(2, 'corners', 'over_8.5')];
    const res = await create(user, { ficha: legs, valor: 250, oddsChange: false });
    const { ficha, message } = expectOk(res, CreateSlipResponseSchema, 201);
    expect(message).toBe(MSG.slipCreated);
    expect(ficha._id).toBe(ficha.id);
    expect(ficha).toMatchObject({ valor: 250, estado: 'pending', publicada: true, oddsChange: false, usuario: { id: user.id } });
    expect(ficha.selecoes.map((s) => [s.event_id, s.event_selection.type, s.event_selection.choice, s.bet_status])).toEqual(
      legs.map((l) => [l.event_id, l.event_selection.type, l.event_selection.choice, 'pending']),
    );
    const multiplier = slipMultiplier(legs.map((l) => l.event_selection.odds));
    expect(ficha.multiplicador).toBeCloseTo(multiplier, 6);
    expect(ficha.retorno).toBeCloseTo(250 * multiplier, 2);
    const rows = await server().db.selectFrom('ficha_selecoes').selectAll().where('ficha_id', '=', ficha.id).execute();
    expect(rows).toHaveLength(3);
  });

  it('keeps a note with the slip (an imported tip\'s booking code), shown to whoever reads it, and refuses one too long', async () => {
    const { ficha } = expectOk(await create(user, { ficha: [await pick(5)], valor: 100, nota: '  Código SportyBet ABC123\u200b ' }), CreateSlipResponseSchema, 201);
    expect(ficha.nota).toBe('Código SportyBet ABC123');
    const row = await server().db.selectFrom('fichas').select('nota').where('id', '=', ficha.id).executeTakeFirstOrThrow();
    expect(row.nota).toBe('Código SportyBet ABC123');
    const read = await anonymous(server()).get(`/api/client/public/fichas/${user.nomeUsuario}/${ficha.id}`);
    expect(read.status).toBe(200);
    expect((read.body as { ficha: { nota?: string } }).ficha.nota).toBe('Código SportyBet ABC123');
    // No note: none stored, none sent.
    const plain = expectOk(await create(user, { ficha: [await pick(6)], valor: 100, nota: '   ' }), CreateSlipResponseSchema, 201).ficha;
    expect(plain.nota).toBeUndefined();
    expect((await create(user, { ficha: [await pick(7)], valor: 100, nota: 'x'.repeat(201) })).status).toBe(400);
  });

  it('replays the same answer for the same Idempotency-Key and makes no second slip', async () => {
    const legs = [await pick(3)];
    const first = await expectBettingReplay(server(), (key) => create(user, { ficha: legs, valor: 100 }, key));
    expect(first.status).toBe(201);
  });

  it.each([
    ['no selection', async () => ({ ficha: [], valor: 100 }), MSG.slipEmpty],
    ['a stake under 100 Kz', async (p: typeof pick) => ({ ficha: [await p(4)], valor: 99 }), MSG.slipMinStake],
    ['two selections on one event', async (p: typeof pick) => ({ ficha: [await p(4), await p(4, 'btts', 'yes')], valor: 100 }), MSG.slipDuplicateEvent],
  ])('refuses %s with 400 and the rule message', async (_label, body, message) => {
    expectError(await create(user, await body(pick)), 400, message);
  });

  it('allows at most 25 selections, the official account exempt', async () => {
    const legs = await Promise.all(events.slice(0, 26).map((_, i) => pick(i)));
    expectError(await create(user, { ficha: legs, valor: 100 }), 400, MSG.slipTooMany);
    expect((await create(user, { ficha: legs.slice(0, 25), valor: 100 })).status).toBe(201);
    const official = await actor(server(), 'fichasoficial');
    expect((await create(official, { ficha: legs, valor: 100 })).status).toBe(201);
  });

  it('refuses an event that has started, returning the slip with the started one flagged', async () => {
    const started = await createMatch(server(), { kickoff: new Date(Date.now() - 5 * 60_000) });
    const legs = [await pick(5), await selectionFor(server(), started, 'ft_result', 'draw')];
    const res = await create(user, { ficha: legs, valor: 100 });
    expectError(res, 400, MSG.slipEventStarted);
    const refusal = SlipRefusalSchema.parse(res.body);
    expect(refusal.ficha?.map((s) => s.hasWarning)).toEqual([false, true]);

    await server().db.updateTable('eventos').set({ status: 'LIVE', date: new Date(Date.now() + 3_600_000).toISOString() }).where('id', '=', started).execute();
    expectError(await create(user, { ficha: [legs[1]], valor: 100 }), 400, MSG.slipEventStarted);
  });

  it('refuses an unknown event or choice with 400', async () => {
    const leg = await pick(6);
    const unknownEvent = { ...leg, event_id: '00000000-0000-4000-8000-000000000000' };
    expectError(await create(user, { ficha: [unknownEvent], valor: 100 }), 400, MSG.slipUnknownSelection);
    const unknownChoice = { ...leg, event_selection: { ...leg.event_selection, choice: 'over_99.5' } };
    expectError(await create(user, { ficha: [unknownChoice], valor: 100 }), 400, MSG.slipUnknownSelection);
    const unknownType = { ...leg, event_selection: { ...leg.event_selection, type: 'handicap' } };
    expectError(await create(user, { ficha: [unknownType], valor: 100 }), 400, MSG.slipUnknownSelection);
  });

  it('refuses moved odds with the updated slip when oddsChange is false, and takes current odds when true', async () => {
    const steady = await pick(7);
    const moving = await pick(8, 'btts', 'yes');
    // Odds are kept in hundredths: 1.93 + 0.25 is 2.1799999999999997 in floating point, stored and answered as 2.18.
    const current = Math.round((moving.event_selection.odds + 0.25) * 100) / 100;
    await server()
      .db.updateTable('mercados')
      .set({ odds: Math.round(current * 100), odds_trend: 'up' })
      .where('evento_id', '=', moving.event_id)
      .where('tipo', '=', 'btts')
      .where('escolha', '=', 'yes')
      .execute();

    const refused = await create(user, { ficha: [steady, moving], valor: 100, oddsChange: false });
    expect(refused.status).toBe(409);
    const body = SlipRefusalSchema.parse(refused.body);
    expect(body.message).toBe(MSG.slipOddsChanged);
    expect(body.ficha?.map((s) => [s.hasWarning, s.event_selection.odds])).toEqual([
      [false, steady.event_selection.odds],
      [true, current],
    ]);
    const slips = await server().db.selectFrom('fichas').select('id').where('usuario_id', '=', user.id).execute();

    const accepted = expectOk(await create(user, { ficha: [steady, moving], valor: 100, oddsChange: true }), CreateSlipResponseSchema, 201);
    expect(accepted.ficha.selecoes.map((s) => s.event_selection.odds)).toEqual([steady.event_selection.odds, current]);
    expect(accepted.ficha.oddsChange).toBe(true);
    expect(await server().db.selectFrom('fichas').select('id').where('usuario_id', '=', user.id).execute()).toHaveLength(slips.length + 1);
  });

  it.each([
    ['expired by time', { estado: 'habilitada' as const, expiraEm: new Date(Date.now() - 1000) }, MSG.subscriptionCheck],
    ['pending', { estado: 'pendente' as const }, MSG.subscriptionCheck],
    ['blocked', { estado: 'bloqueada' as const, expiraEm: new Date(Date.now() + 86_400_000) }, MSG.subscriptionBlocked],
  ])('needs an active licence: %s answers 403 with tipo and message', async (_label, licence, message) => {
    const someone = await newUser(server(), 'nolic');
    await setLicence(server(), someone.id, licence);
    const res = await create(someone, { ficha: [await pick(9)], valor: 100 });
    expect(res.status).toBe(403);
    expect(SubscriptionErrorSchema.parse(res.body)).toEqual({ status: 'error', tipo: 'subscricao', message });
  });

  it('answers 401 without a session', async () => {
    expectError(await create(anonymous(server()), { ficha: [], valor: 100 }), 401, MSG.unauthenticated);
  });

  it.each([
    ['a body that is not JSON', '{"ficha": [', {}],
    ['a stake that is a string', JSON.stringify({ ficha: [], valor: '100' }), {}],
    ['ficha that is not a list', JSON.stringify({ ficha: { a: 1 }, valor: 100 }), {}],
    ['a negative odd', JSON.stringify({ ficha: [{ event_id: 'x', event_selection: { type: 'ft_result', choice: 'home', odds: -2 } }], valor: 100 }), {}],
    ['an absurd stake', JSON.stringify({ ficha: [], valor: 1e30 }), {}],
    ['a huge list', JSON.stringify({ ficha: Array.from({ length: 5000 }, () => ({ event_id: 'x', event_selection: { type: 'a', choice: 'b', odds: 2 } })), valor: 100 }), {}],
    ['an event id of 10,000 characters', JSON.stringify({ ficha: [{ event_id: 'x'.repeat(10_000), event_selection: { type: 'a', choice: 'b', odds: 2 } }], valor: 100 }), {}],
    ['a malformed Idempotency-Key', JSON.stringify({ ficha: [], valor: 100 }), { 'idempotency-key': 'não é uma chave' }],
  ])('answers 400 to %s', async (_label, body, headers) => {
    const res = await user.raw(CREATE, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 'error', message: MSG.invalidRequest });
  });

  it('answers 400 to a form post and 413 to a body over the limit', async () => {
    const form = await user.raw(CREATE, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'ficha=1' });
    expect(form.status).toBe(400);
    const huge = await user.raw(CREATE, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ficha: [], valor: 100, pad: 'x'.repeat(3_000_000) }) });
    expect(huge.status).toBe(413);
  });
});
