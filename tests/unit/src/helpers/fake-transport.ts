import type { RawOutcome } from '../../../../src/api/http.ts';
import type { OutboxTransport, WireAnswer } from '../../../../src/api/outbox-transport.ts';
import type { AppDb } from '../../../../src/db/app-db.ts';
import type { OutboxEntry } from '../../../../src/db/outbox-types.ts';
import { BATCH_PATH } from '../../../../src/api/batch-wire.ts';

// A stand-in server for the outbox's transport: the real sender (src/sync/outbox/sender.ts) builds each request,
// and the test answers the entries it carries (found back by their Idempotency-Keys) with outcomes as the app
// judges them; the answers travel back as the wire carries them, so the sender's reading of them is tested too.

type Item = { entry: OutboxEntry; headers: Record<string, string> };

export interface FakeServer {
  /** One entry sent alone. */
  send?: (entry: OutboxEntry, headers: Record<string, string>) => Promise<RawOutcome> | RawOutcome;
  /** Several in one batch: an outcome per entry reached (a prefix), or one for the whole request. */
  sendBatch?: (items: Item[]) => Promise<RawOutcome[] | RawOutcome> | RawOutcome[] | RawOutcome;
}

const wire = (outcome: RawOutcome): WireAnswer | null => (outcome.kind === 'network' ? null : { status: outcome.status, body: outcome.body });

async function entryOf(db: AppDb, key: string | undefined): Promise<OutboxEntry> {
  const mutationId = Number(key?.split(':').at(-1));
  const entry = await db.outbox.get(mutationId);
  if (!entry) throw new Error(`no outbox entry for the key ${key}`);
  return entry;
}

export function fakeTransport(db: AppDb, server: FakeServer): OutboxTransport {
  return async (request) => {
    if (request.path === BATCH_PATH && server.sendBatch) {
      const pedidos = (request.body as { pedidos: { idempotencyKey: string }[] }).pedidos;
      const items: Item[] = [];
      for (const pedido of pedidos) {
        const entry = await entryOf(db, pedido.idempotencyKey);
        items.push({ entry, headers: { 'Idempotency-Key': pedido.idempotencyKey, 'X-Client-Id': entry.clientId } });
      }
      const answer = await server.sendBatch(items);
      if (!Array.isArray(answer)) return wire(answer);
      if (answer.some((outcome) => outcome.kind === 'network')) return null;
      return { status: 200, body: { status: 'success', message: '', respostas: answer.map((outcome) => wire(outcome)) } };
    }
    if (!server.send) throw new Error(`no answer for ${request.method} ${request.path}`);
    return wire(await server.send(await entryOf(db, request.headers['Idempotency-Key']), request.headers));
  };
}
