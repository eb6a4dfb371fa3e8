import { describe, expect, it } from 'vitest';
import { BatchResponseSchema } from '../../../contract/schemas/batch.ts';
import { batchAnswersOf, type OutboxRequest, type WireAnswer } from '../../../src/api/outbox-transport.ts';
import type { OutboxEntry, OutboxState } from '../../../src/db/outbox-types.ts';
import { BATCH_MAX, BATCH_MAX_BYTES, RunCollector, sendRun, stopOf } from '../../../src/sync/outbox/sender.ts';

// The one sender the page's replayer and the service worker's drain share (src/sync/outbox/sender.ts): which
// entries go next, how they travel, and where their answers stop the queue.

let next = 0;
function entry(state: OutboxState, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  next += 1;
  return {
    mutationId: next,
    clientId: 'phone',
    userId: 'u1',
    kind: 'note',
    method: 'POST',
    path: '/api/client/common/notas',
    body: { text: `n${next}` },
    state,
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    rejection: null,
    createdAt: 0,
    ref: null,
    ...extra,
  };
}

function collect(entries: OutboxEntry[], max = BATCH_MAX): { run: number[]; offered: number } {
  const collector = new RunCollector('u1', max);
  let offered = 0;
  for (const candidate of entries) {
    offered += 1;
    if (!collector.offer(candidate)) break;
  }
  return { run: collector.run.map((taken) => taken.mutationId), offered };
}

describe('RunCollector: which entries go next', () => {
  it('takes this user’s pending and in-flight entries in order, passing over refused, answered and other users’ ones', () => {
    const entries = [entry('pending'), entry('rejected'), entry('answered'), entry('pending', { userId: 'u2' }), entry('sending'), entry('pending')];
    expect(collect(entries).run).toEqual([entries[0], entries[4], entries[5]].map((taken) => taken?.mutationId));
  });

  it('stops at a paused entry: nothing behind it overtakes it', () => {
    const entries = [entry('pending'), entry('paused'), entry('pending')];
    const { run, offered } = collect(entries);
    expect(run).toEqual([entries[0]?.mutationId]);
    expect(offered).toBe(2);
  });

  it('stops at the batch’s size and byte bounds, and always takes the first entry whatever its size', () => {
    const many = Array.from({ length: BATCH_MAX + 3 }, () => entry('pending'));
    expect(collect(many).run).toHaveLength(BATCH_MAX);
    expect(collect(many, 1).run).toEqual([many[0]?.mutationId]);
    const big = (bytes: number) => entry('pending', { body: { text: 'x'.repeat(bytes) } });
    const heavy = [big(BATCH_MAX_BYTES + 10), big(10)];
    expect(collect(heavy).run).toEqual([heavy[0]?.mutationId]);
    const halves = [big(BATCH_MAX_BYTES / 2), big(BATCH_MAX_BYTES / 2), big(10)];
    expect(collect(halves).run).toEqual([halves[0]?.mutationId]);
  });
});

describe('sendRun: how a run travels', () => {
  const recorder = (answer: WireAnswer | null) => {
    const requests: OutboxRequest[] = [];
    return { requests, transport: async (request: OutboxRequest) => (requests.push(request), answer) };
  };

  it('sends one entry on its own path with its key, several through the batch call, each with its own key', async () => {
    const one = entry('pending');
    const single = recorder({ status: 201, body: { status: 'success', message: '' } });
    expect(await sendRun(single.transport, [one])).toEqual([{ status: 201, body: { status: 'success', message: '' } }]);
    expect(single.requests).toEqual([
      { method: 'POST', path: one.path, body: one.body, headers: { 'Idempotency-Key': `phone:${one.mutationId}`, 'X-Client-Id': 'phone' } },
    ]);

    const run = [entry('pending'), entry('sending')];
    const respostas = [{ status: 201, body: { status: 'success', message: '' } }, { status: 400, body: { status: 'error', message: 'Não' } }];
    const batch = recorder({ status: 200, body: { status: 'success', message: '', respostas } });
    expect(await sendRun(batch.transport, run)).toEqual(respostas);
    expect(batch.requests[0]?.path).toBe('/api/client/common/lote');
    expect((batch.requests[0]?.body as { pedidos: { idempotencyKey: string }[] }).pedidos.map((p) => p.idempotencyKey)).toEqual(
      run.map((sent) => `phone:${sent.mutationId}`),
    );
  });

  it('answers for the head entry when the batch request as a whole fails, and null when nothing usable came back', async () => {
    const run = [entry('pending'), entry('pending')];
    expect(await sendRun(recorder({ status: 429, body: null }).transport, run)).toEqual([{ status: 429, body: null }]);
    expect(await sendRun(recorder(null).transport, run)).toBeNull();
    expect(await sendRun(recorder({ status: 200, body: { status: 'success', message: '', respostas: [] } }).transport, run)).toBeNull();
    expect(await sendRun(recorder({ status: 200, body: '<html>' }).transport, run)).toBeNull();
  });

  it('stops the queue at a 401 and at an answer to retry; every other answer is final', () => {
    expect([401, 500, 503, 429, 408, 200, 201, 400, 403, 404, 409, 413, 422].map((status) => stopOf({ status, body: null }))).toEqual([
      'auth', 'retry', 'retry', 'retry', 'retry', null, null, null, null, null, null, null, null,
    ]);
  });
});

describe('batchAnswersOf reads a batch answer as the contract schema does', () => {
  const item = (status: unknown, body: unknown = null, replayed?: unknown) => ({ status, body, ...(replayed === undefined ? {} : { replayed }) });
  const bodies: unknown[] = [
    { status: 'success', message: '', respostas: [item(201), item(400, { status: 'error', message: 'x' }, true)] },
    { status: 'success', message: '', respostas: [{ status: 200 }] },
    { status: 'success', message: '', respostas: [item(201.5)] },
    { status: 'success', message: '', respostas: [item('201')] },
    { status: 'success', message: '', respostas: [item(201, null, 'sim')] },
    { status: 'success', message: '', respostas: [null] },
    { status: 'success', message: '', respostas: {} },
    { status: 'success', respostas: [item(201)] },
    { message: '', respostas: [item(201)] },
    [],
    null,
    'texto',
  ];

  it.each(bodies.map((body) => [JSON.stringify(body), body]))('agrees with BatchResponseSchema on %s', (_label, body) => {
    const parsed = BatchResponseSchema.safeParse(body);
    const byHand = batchAnswersOf(body);
    const bySchema = parsed.success && parsed.data.respostas.length > 0 ? parsed.data.respostas.map((r) => ({ status: r.status, body: r.body ?? null })) : null;
    expect(byHand).toEqual(bySchema);
  });
});
