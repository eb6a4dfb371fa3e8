import { beforeAll, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import {
  AddSelectionResponseSchema,
  CommentListResponseSchema,
  CommentResponseSchema,
  CreateSlipResponseSchema,
  SlipListResponseSchema,
  SlipResponseSchema,
  SubscriptionErrorSchema,
} from '../../../contract/schemas/slips.ts';
import { windowEnd } from '../../../server/slips/tips.ts';
import { expectBettingReplay, selectionFor, setLicence, upcomingEventIds } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { inOneMillisecond } from './helpers/one-millisecond.ts';
import { anonymous, expectError, expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';

const MINE = '/api/client/apostador/fichas';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describeOnEachDb('slip lists, detail, public view, publish, hide, save, comments and tips', (server) => {
  let owner: Actor;
  let other: Actor;
  let events: string[];
  const slips: string[] = [];
  beforeAll(async () => {
    owner = await newUser(server(), 'owner');
    other = await newUser(server(), 'other');
    events = await upcomingEventIds(server(), 4);
    const picks = await Promise.all(events.map((id) => selectionFor(server(), id, 'ft_result', 'draw')));
    // Created within one millisecond: "newest first" holds only by the server-given order.
    await inOneMillisecond(async () => {
      for (const [i, pick] of picks.entries()) {
        const res = await owner.send('POST', `${MINE}/criarFicha`, { ficha: [pick], valor: 100 + i }, idemKey());
        slips.push(expectOk(res, CreateSlipResponseSchema, 201).ficha.id);
      }
    });
  });
  const list = async (who: Actor, query: string) => expectOk(await who.get(`${MINE}${query}`), SlipListResponseSchema).fichas.map((f) => f.id);

  it('lists the own slips newest first, paged, filtered by created, hidden and saved', async () => {
    expect(await list(owner, '')).toEqual([...slips].reverse());
    expect(await list(owner, '?filtro=criadas&pageNumber=1&size=2')).toEqual([slips[3], slips[2]]);
    expect(await list(owner, '?filtro=criadas&pageNumber=2&size=2')).toEqual([slips[1], slips[0]]);
    expect(await list(owner, '?filtro=ocultas')).toEqual([]);
    expect(await list(other, '?filtro=criadas')).toEqual([]);
  });

  it.each(['?filtro=todas', '?pageNumber=0', '?size=251', '?size=abc'])('answers 400 to %s', async (query) => {
    expectError(await owner.get(`${MINE}${query}`), 400, MSG.invalidRequest);
  });

  it('hides and publishes a slip: hidden ones leave the created list and the public view', async () => {
    const id = slips[0] ?? '';
    const hidden = await expectBettingReplay(server(), (key) => owner.send('PATCH', `${MINE}/${id}/ocultar`, undefined, key));
    expect(expectOk(hidden, SlipResponseSchema)).toMatchObject({ message: MSG.slipHidden, ficha: { publicada: false } });
    expect(await list(owner, '?filtro=ocultas')).toEqual([id]);
    expect(await list(owner, '?filtro=criadas')).not.toContain(id);
    const publicPath = `/api/client/public/fichas/${owner.nomeUsuario}/${id}`;
    expectError(await anonymous(server()).get(publicPath), 404, MSG.notFound);
    expectError(await other.get(publicPath), 404, MSG.notFound);
    expect((await owner.get(publicPath)).status).toBe(200);

    const published = await expectBettingReplay(server(), (key) => owner.send('PATCH', `${MINE}/${id}/publicar`, undefined, key));
    expect(expectOk(published, SlipResponseSchema)).toMatchObject({ message: MSG.slipPublished, ficha: { publicada: true } });
    const seen = expectOk(await anonymous(server()).get(publicPath), SlipResponseSchema).ficha;
    expect(seen).toMatchObject({ id, guardada: false, usuario: { nomeUsuario: owner.nomeUsuario } });
    expectError(await anonymous(server()).get(`/api/client/public/fichas/${other.nomeUsuario}/${id}`), 404, MSG.notFound);
  });

  it('shows the detail to its owner only', async () => {
    const id = slips[1] ?? '';
    expect(expectOk(await owner.get(`${MINE}/${id}`), SlipResponseSchema).ficha.id).toBe(id);
    expectError(await other.get(`${MINE}/${id}`), 403, MSG.forbidden);
    expectError(await owner.get(`${MINE}/${UNKNOWN}`), 404, MSG.notFound);
    expectError(await owner.get(`${MINE}/not-an-id`), 404, MSG.notFound);
    expectError(await other.send('PATCH', `${MINE}/${id}/ocultar`), 403, MSG.forbidden);
    expectError(await other.send('PATCH', `${MINE}/${UNKNOWN}/publicar`), 404, MSG.notFound);
  });

  it("saves and unsaves another user's published slip; never one's own or a hidden one", async () => {
    const id = slips[2] ?? '';
    const saved = await expectBettingReplay(server(), (key) => other.send('POST', `${MINE}/${id}/guardar`, undefined, key));
    expect(expectOk(saved, SlipResponseSchema)).toMatchObject({ message: MSG.slipSaved, ficha: { guardada: true, totalGuardadas: 1 } });
    expect(await list(other, '?filtro=guardadas')).toEqual([id]);
    expect(expectOk(await other.get('/api/client/common/guardadas'), SlipListResponseSchema).fichas.map((f) => f.id)).toEqual([id]);
    // Saving twice keeps one save.
    expect(expectOk(await other.send('POST', `${MINE}/${id}/guardar`, undefined, idemKey()), SlipResponseSchema).ficha.totalGuardadas).toBe(1);

    expectError(await owner.send('POST', `${MINE}/${id}/guardar`, undefined, idemKey()), 400, MSG.slipSaveOwn);
    await owner.send('PATCH', `${MINE}/${slips[3]}/ocultar`, undefined, idemKey());
    expectError(await other.send('POST', `${MINE}/${slips[3]}/guardar`, undefined, idemKey()), 404, MSG.notFound);
    await owner.send('PATCH', `${MINE}/${slips[3]}/publicar`, undefined, idemKey());

    const unsaved = await expectBettingReplay(server(), (key) => other.send('DELETE', `${MINE}/${id}/guardar`, undefined, key));
    expect(expectOk(unsaved, SlipResponseSchema)).toMatchObject({ message: MSG.slipUnsaved, ficha: { guardada: false, totalGuardadas: 0 } });
    expect(await list(other, '?filtro=guardadas')).toEqual([]);
  });

  it('takes comments of 1 to 500 characters from whoever sees the slip, newest first, and tells the owner', async () => {
    const id = slips[3] ?? '';
    const path = `/api/client/common/fichas/${id}/comentarios`;
    const first = await expectBettingReplay(server(), (key) => other.send('POST', path, { texto: '  Boa ficha!  ' }, key));
    expect(first.status).toBe(201);
    expect(CommentResponseSchema.parse(first.body).comentario).toMatchObject({ texto: 'Boa ficha!', fichaId: id, usuario: { id: other.id } });
    const note = await server().db.selectFrom('notificacoes').selectAll().where('usuario_id', '=', owner.id).where('tipo', '=', 'comentario').executeTakeFirst();
    expect(note).toMatchObject({ mensagem: MSG.slipCommented, recurso_id: id, sender_id: other.id });
    await inOneMillisecond(async () => {
      for (const texto of ['segundo', 'terceiro']) expect((await owner.send('POST', path, { texto }, idemKey())).status).toBe(201);
    });

    const page1 = expectOk(await other.get(`${path}?size=2`), CommentListResponseSchema);
    expect(page1.comentarios.map((c) => c.texto)).toEqual(['terceiro', 'segundo']);
    const page2 = expectOk(await other.get(`${path}?size=2&before=${page1.nextBefore}`), CommentListResponseSchema);
    expect(page2.comentarios.map((c) => c.texto)).toEqual(['Boa ficha!']);
    expect(page2.nextBefore).toBeNull();
    expect(expectOk(await other.get(`${path}?size=2&pageNumber=2`), CommentListResponseSchema).comentarios).toHaveLength(1);
    expect(expectOk(await owner.get(`${MINE}/${id}`), SlipResponseSchema).ficha.totalComentarios).toBe(3);

    for (const texto of ['', '   ', 'x'.repeat(501)]) expectError(await other.send('POST', path, { texto }, idemKey()), 400, MSG.commentLength);
    expectError(await other.send('POST', path, { texto: 42 }, idemKey()), 400, MSG.invalidRequest);
    expectError(await other.get(`${path}?before=${UNKNOWN}`), 400, MSG.invalidRequest);
    await owner.send('PATCH', `${MINE}/${id}/ocultar`, undefined, idemKey());
    expectError(await other.get(path), 404, MSG.notFound);
    expectError(await other.send('POST', path, { texto: 'olá' }, idemKey()), 404, MSG.notFound);
    expect((await owner.get(path)).status).toBe(200);
    await owner.send('PATCH', `${MINE}/${id}/publicar`, undefined, idemKey());
  });

  it('generates a strong tip on a not-started event in the window, not among ids', async () => {
    const tipOf = async (ids: string[], dateOption: string) =>
      expectOk(await owner.send('POST', `${MINE}/addSelection`, { ids, dateOption }), AddSelectionResponseSchema).selection;
    const first = await tipOf([], 'semanal');
    expect(first).toMatchObject({ bet_status: 'pending', hasWarning: false, event_status: 'NS' });
    expect(first.event_selection.probability).toBeGreaterThanOrEqual(55);
    expect(first.event_selection.odds).toBeGreaterThanOrEqual(1.25);
    expect(Date.parse(first.event_scheduled)).toBeGreaterThan(Date.now());
    expect(Date.parse(first.event_scheduled)).toBeLessThan(Date.now() + 7 * 86_400_000);
    const second = await tipOf([first.event_id], 'semanal');
    expect(second.event_id).not.toBe(first.event_id);
    // A tip can go straight into a slip (someone else's, so the owner's lists above stay as they are).
    const tipper = await newUser(server(), 'dica');
    expect((await tipper.send('POST', `${MINE}/criarFicha`, { ficha: [second], valor: 100 }, idemKey())).status).toBe(201);

    const all = (await server().db.selectFrom('eventos').select('id').execute()).map((row) => row.id);
    expectError(await owner.send('POST', `${MINE}/addSelection`, { ids: all, dateOption: 'semanal' }), 404, MSG.tipNone);
    expectError(await owner.send('POST', `${MINE}/addSelection`, { ids: [], dateOption: 'amanha' }), 400, MSG.invalidRequest);
    expectError(await owner.send('POST', `${MINE}/addSelection`, { ids: 'x' }), 400, MSG.invalidRequest);
  });

  it('tips for "hoje" only an event before midnight in Angola, ten minutes ahead at least', async () => {
    // The clock is set to 09:00 in Luanda tomorrow, so today's window is known: one strong event is moved into it and
    // every other event is excluded, so the answer is that event or nothing.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const now = new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 8));
    const strong = await server()
      .db.selectFrom('mercados')
      .innerJoin('eventos', 'eventos.id', 'mercados.evento_id')
      .select(['eventos.id', 'eventos.date'])
      .where('eventos.status', '=', 'NS')
      .where('mercados.probabilidade', '>=', 5500)
      .where('mercados.odds', '>=', 125)
      .where('mercados.odds', '<=', 220)
      .where('eventos.id', 'not in', events)
      .orderBy('eventos.id')
      .executeTakeFirstOrThrow();
    const others = (await server().db.selectFrom('eventos').select('id').where('id', '!=', strong.id).execute()).map((row) => row.id);
    const moveTo = (date: Date) => server().db.updateTable('eventos').set({ date: date.toISOString() }).where('id', '=', strong.id).execute();
    const ask = (dateOption: string) => owner.send('POST', `${MINE}/addSelection`, { ids: others, dateOption });
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      // 22:00 in Luanda: within today's window.
      await moveTo(new Date(now.getTime() + 13 * 3_600_000));
      expect(expectOk(await ask('hoje'), AddSelectionResponseSchema).selection.event_id).toBe(strong.id);
      // 00:30 in Luanda, tomorrow (23:30 UTC, still "today" in UTC): not today's, but within three days.
      await moveTo(new Date(now.getTime() + 15.5 * 3_600_000));
      expectError(await ask('hoje'), 404, MSG.tipNone);
      expect(expectOk(await ask('3_dias'), AddSelectionResponseSchema).selection.event_id).toBe(strong.id);
      // Five minutes before kick-off is too late to build and send a slip.
      await moveTo(new Date(now.getTime() + 5 * 60_000));
      expectError(await ask('hoje'), 404, MSG.tipNone);
    } finally {
      vi.useRealTimers();
      await server().db.updateTable('eventos').set({ date: strong.date }).where('id', '=', strong.id).execute();
    }
  });

  it('ends the "hoje" window at midnight in Angola (UTC+1)', () => {
    expect(windowEnd('hoje', new Date('2026-03-02T10:00:00Z')).toISOString()).toBe('2026-03-02T23:00:00.000Z');
    expect(windowEnd('hoje', new Date('2026-03-02T23:30:00Z')).toISOString()).toBe('2026-03-03T23:00:00.000Z');
    expect(windowEnd('3_dias', new Date('2026-03-02T10:00:00Z')).toISOString()).toBe('2026-03-05T10:00:00.000Z');
  });

  it('generates tips only with an active licence (403 with tipo and message)', async () => {
    const expired = await newUser(server(), 'exptip');
    await setLicence(server(), expired.id, { expiraEm: new Date(Date.now() - 60_000) });
    const res = await expired.send('POST', `${MINE}/addSelection`, { ids: [], dateOption: 'semanal' });
    expect(res.status).toBe(403);
    expect(SubscriptionErrorSchema.parse(res.body)).toEqual({ status: 'error', tipo: 'subscricao', message: MSG.subscriptionCheck });
  });

  it('answers 401 to every slip call without a session', async () => {
    const nobody = anonymous(server());
    const id = slips[0] ?? '';
    const calls: [string, string][] = [
      ['GET', MINE],
      ['GET', `${MINE}/${id}`],
      ['GET', '/api/client/common/guardadas'],
      ['POST', `${MINE}/criarFicha`],
      ['POST', `${MINE}/addSelection`],
      ['PATCH', `${MINE}/${id}/publicar`],
      ['PATCH', `${MINE}/${id}/ocultar`],
      ['POST', `${MINE}/${id}/guardar`],
      ['DELETE', `${MINE}/${id}/guardar`],
      ['GET', `/api/client/common/fichas/${id}/comentarios`],
      ['POST', `/api/client/common/fichas/${id}/comentarios`],
    ];
    for (const [method, path] of calls) {
      const res = method === 'GET' ? await nobody.get(path) : await nobody.send(method as 'POST', path, {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
