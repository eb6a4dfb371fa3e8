import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { bodyLimit } from '../../../server/lib/body-limit.ts';

// The API's body limit (server/lib/body-limit.ts): by the declared length where there is one, by counting where the
// body comes without one (chunked), and nothing for a GET. What passes reaches the handler whole.

function app() {
  const server = new Hono();
  server.use('*', bodyLimit({ maxSize: 10, onError: (c) => c.json({ message: 'grande demais' }, 413) }));
  server.post('/eco', async (c) => c.json(await c.req.json()));
  server.get('/eco', (c) => c.json({ ok: true }));
  return server;
}

function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 4) controller.enqueue(bytes.slice(at, at + 4));
      controller.close();
    },
  });
}

describe('body limit', () => {
  it('refuses a body whose declared length is over the limit, and passes one under it whole', async () => {
    const over = await app().request('/eco', { method: 'POST', body: '{"a":"12345678"}', headers: { 'content-type': 'application/json', 'content-length': '16' } });
    expect(over.status).toBe(413);
    const under = await app().request('/eco', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', 'content-length': '7' } });
    expect(under.status).toBe(200);
    expect(await under.json()).toEqual({ a: 1 });
  });

  it('counts a body sent without a length (chunked) and refuses it once it passes the limit', async () => {
    const init = (text: string) => ({ method: 'POST', body: chunked(text), duplex: 'half', headers: { 'content-type': 'application/json' } }) as RequestInit;
    expect((await app().request('/eco', init('{"a":"12345678"}'))).status).toBe(413);
    const under = await app().request('/eco', init('{"b":2}'));
    expect(under.status).toBe(200);
    expect(await under.json()).toEqual({ b: 2 });
  });

  it('lets a GET through', async () => {
    expect((await app().request('/eco')).status).toBe(200);
  });
});
