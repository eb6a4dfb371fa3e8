import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, rawOutcomeOf } from '../../../src/api/http.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import { onSubscriptionRefusal } from '../../../src/api/subscription-refusals.ts';

// SPEC §3 "Subscription error payload", §8: any answer carrying `tipo` and `message` opens the subscription notice.
// Every answer passes through the API client, so that is where the notice is raised.

let reply: () => Response = () => new Response(null);
const heard = vi.fn();
let stop = () => {};

beforeEach(() => {
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
  vi.stubGlobal('fetch', async () => reply());
  heard.mockReset();
  stop = onSubscriptionRefusal(heard);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const Any = z.object({ status: z.string() });

describe('the subscription notice', () => {
  it('opens for a refusal carrying tipo and message, from a screen call and from the outbox', async () => {
    reply = () => json({ status: 'error', tipo: 'subscricao', message: 'Verifique a sua subscrição' }, 403);
    await call('/api/client/apostador/fichas/addSelection', { method: 'post', schema: Any });
    expect(heard).toHaveBeenCalledExactlyOnceWith({ tipo: 'subscricao', message: 'Verifique a sua subscrição' });
    // An outbox entry's answer, as the replayer judges it.
    const answer = await fetchTransport({ origin: () => location.origin })({ method: 'POST', path: '/api/client/apostador/fichas/criarFicha', body: {}, headers: {} });
    if (answer) rawOutcomeOf(answer.status, answer.body);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('stays closed for a refusal without tipo, and for a bad proof image, which its form answers itself', async () => {
    reply = () => json({ status: 'error', message: 'Aposte pelo menos 100 Kz' }, 400);
    await call('/api/x', { schema: Any });
    reply = () => json({ status: 'error', tipo: 'comprovativo', message: 'Verifique a imagem que enviou' }, 413);
    await call('/api/client/common/licenca/solicitarActivacao', { method: 'patch', json: { comprovativo: [] }, schema: Any });
    expect(heard).not.toHaveBeenCalled();
  });

  it('stays closed for a success', async () => {
    reply = () => json({ status: 'success', tipo: 'x', message: 'ok' }, 200);
    await call('/api/x', { schema: Any });
    expect(heard).not.toHaveBeenCalled();
  });
});
