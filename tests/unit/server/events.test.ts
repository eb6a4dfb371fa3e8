import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { EstadoResponseSchema } from '../../../contract/schemas/estado.ts';
import { EventListResponseSchema } from '../../../contract/schemas/events.ts';
import { browser } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';

describeOnEachDb('GET /api/client/public/eventos and estado', (server) => {
  const getEvents = async (query = '') => {
    const res = await browser(server().app).request(`/api/client/public/eventos${query}`);
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('lists the upcoming seeded events of the next 7 days, schema-valid, in kick-off order', async () => {
    const { status, body } = await getEvents();
    expect(status).toBe(200);
    const { status: envelope, eventos } = EventListResponseSchema.parse(body);
    expect(envelope).toBe('success');
    expect(eventos.length).toBeGreaterThan(20);
    expect(eventos.length).toBeLessThanOrEqual(250);
    const dates = eventos.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    const now = Date.now();
    for (const event of eventos) {
      expect(event.status).not.toBe('FT');
      expect(Date.parse(event.date)).toBeLessThan(now + 7 * 86_400_000);
    }
    expect(new Set(eventos.map((e) => e.competition_name))).toContain('Girabola');
  });

  it('prices every event with 1X2 odds and whole-percent probabilities that add up to 100', async () => {
    const { eventos } = EventListResponseSchema.parse((await getEvents()).body);
    for (const { odds, probability } of eventos) {
      expect(probability.home + probability.draw + probability.away).toBe(100);
      for (const price of [odds.home, odds.draw, odds.away]) expect(price).toBeGreaterThan(1);
      const overround = 1 / odds.home + 1 / odds.draw + 1 / odds.away;
      expect(overround).toBeGreaterThan(1.04);
      expect(overround).toBeLessThan(1.08);
    }
  });

  it('lists the events of one UTC day with ?data=YYYY-MM-DD', async () => {
    const { eventos: upcoming } = EventListResponseSchema.parse((await getEvents()).body);
    const day = upcoming.at(-1)?.date.slice(0, 10) ?? '';
    const { status, body } = await getEvents(`?data=${day}`);
    expect(status).toBe(200);
    const { eventos } = EventListResponseSchema.parse(body);
    expect(eventos.length).toBeGreaterThanOrEqual(6);
    expect(eventos.length).toBeLessThanOrEqual(10);
    for (const event of eventos) expect(event.date.startsWith(day)).toBe(true);
  });

  it('answers an empty list for a day without fixtures', async () => {
    const { status, body } = await getEvents('?data=2001-01-01');
    expect(status).toBe(200);
    expect(EventListResponseSchema.parse(body).eventos).toEqual([]);
  });

  it.each(['?data=amanha', '?data=2025-13-01', '?data=2025-02-30', '?data=2025-1-1'])('answers 400 to %s', async (query) => {
    expect(await getEvents(query)).toEqual({ status: 400, body: { status: 'error', message: MSG.invalidRequest } });
  });

  it('reports no maintenance by default', async () => {
    const res = await browser(server().app).request('/api/client/public/estado');
    expect(res.status).toBe(200);
    expect(EstadoResponseSchema.parse(await res.json())).toEqual({ status: 'success', message: '', manutencao: false });
  });

  it('in maintenance answers 503 to every client call but estado, and leaves sign-in alone', async () => {
    const client = browser(server().appWith({ maintenance: true }));
    const estado = await client.request('/api/client/public/estado');
    expect(estado.status).toBe(200);
    expect(await estado.json()).toEqual({ status: 'success', message: '', manutencao: true });
    for (const path of ['/api/client/public/eventos', '/api/client/common/licenca', '/api/client/apostador/fichas/criarFicha']) {
      const res = await client.request(path);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'error', message: MSG.maintenance });
    }
    expect((await client.request('/api/auth/csrf')).status).toBe(200);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await browser(server().app).request('/api/client/public/naoexiste');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 'error', message: MSG.notFound });
  });
});

describeOnEachDb('the event lists served from the public cache', (server) => {
  it('answers with an ETag, ready gzip bytes when accepted, and 304 when the client has the same list', async () => {
    const client = browser(server().app);
    const plain = await client.request('/api/client/public/eventos', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const body = EventListResponseSchema.parse(await plain.json());

    const zipped = await client.request('/api/client/public/eventos', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('etag')).toBe(etag);
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8'))).toEqual(body);

    const again = await client.request('/api/client/public/eventos', { headers: { 'if-none-match': String(etag) } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // A different list (another day) has its own tag; an old tag gets the list.
    const day = await client.request(`/api/client/public/eventos?data=${body.eventos[0]?.date.slice(0, 10)}`, { headers: { 'if-none-match': String(etag) } });
    expect(day.status).toBe(200);
    expect(day.headers.get('etag')).not.toBe(etag);
  });
});
