import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, rawOutcomeOf } from '../../../src/api/http.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import { MSG } from '../../../contract/messages.ts';

// One exchange serves both clients: screens' calls (schema-checked) and the outbox's raw sends (judged by status).

let reply: () => Response | Promise<Response> = () => new Response(null);

beforeEach(() => {
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
  vi.stubGlobal('fetch', async () => reply());
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const Thing = z.object({ status: z.string(), message: z.string(), n: z.number() });
// The outbox's path: its transport, then its judgement of the answer (src/sync/outbox/replayer.ts).
const raw = async () => {
  const answer = await fetchTransport({ origin: () => location.origin })({ method: 'POST', path: '/api/x', body: { a: 1 }, headers: {} });
  return answer ? rawOutcomeOf(answer.status, answer.body) : { kind: 'network', message: MSG.network };
};

describe('the API client', () => {
  it('parses a success with its schema, and calls a body that does not match it invalid', async () => {
    reply = () => json({ status: 'success', message: '', n: 3 });
    expect(await call('/api/x', { schema: Thing })).toEqual({ kind: 'ok', status: 200, data: { status: 'success', message: '', n: 3 } });
    reply = () => json({ status: 'success', message: '' });
    expect(await call('/api/x', { schema: Thing })).toMatchObject({ kind: 'invalid', status: 200 });
  });

  it('hands back the server’s message on a refusal, to both clients', async () => {
    reply = () => json({ status: 'error', message: 'Saldo insuficiente' }, 400);
    expect(await call('/api/x', { schema: Thing })).toMatchObject({ kind: 'http', status: 400, message: 'Saldo insuficiente' });
    expect(await raw()).toMatchObject({ kind: 'http', status: 400, message: 'Saldo insuficiente' });
  });

  it('counts a 200 whose envelope says error as a refusal (SPEC §5)', async () => {
    reply = () => json({ status: 'error', message: 'Não' });
    expect(await call('/api/x', { schema: Thing })).toMatchObject({ kind: 'http', message: 'Não' });
    expect(await raw()).toMatchObject({ kind: 'http', status: 200, message: 'Não' });
  });

  it('judges a body that is not JSON by its status alone', async () => {
    reply = () => new Response('<html>Bad gateway</html>', { status: 502 });
    expect(await call('/api/x', { schema: Thing })).toEqual({ kind: 'http', status: 502, message: MSG.generic, body: null });
    expect(await raw()).toEqual({ kind: 'http', status: 502, message: MSG.generic, body: null });
    reply = () => new Response('ok', { status: 200 });
    expect(await call('/api/x', { schema: Thing })).toMatchObject({ kind: 'invalid' });
  });

  it('says network when there is no answer', async () => {
    reply = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await call('/api/x', { schema: Thing })).toEqual({ kind: 'network', message: MSG.network });
    expect(await raw()).toEqual({ kind: 'network', message: MSG.network });
  });
});
