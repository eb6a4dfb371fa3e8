import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import { sendMessage, messageApplier } from '../../../src/sync/resources/messages.ts';
import { applySignal } from '../../../src/sync/realtime/apply-signal.ts';
import { dropAnsweredCopies } from '../../../src/sync/outbox/answered-copies.ts';
import { storeSession } from './helpers/outbox-notes.ts';

// A message the service worker delivered while no page was open keeps its local copy until a page folds the kept
// answer; the server's copy, arriving first through a pull or the live channel, must take its place at once, never
// sit beside it (seen in CI: the chat showed the message twice, once sent and once on its way).

let db: AppDb;
let counter = 0;

const sender = { id: 'u1', nome: 'Ana', nomeUsuario: 'ana', fotografia: null };
const serverMessage = (id: string) => ({
  id,
  chatType: 'conversa' as const,
  chatId: 'c1',
  sender,
  mensagem: 'olá',
  imagens: [],
  recurso: null,
  createdAt: '2026-11-24T10:00:00.000Z',
});

/** Queues a message and marks it as the worker leaves it: sent, its answer kept for the page. */
async function deliveredByWorker(id: string): Promise<number> {
  const mutationId = await sendMessage(db, { userId: 'u1', target: { conversaWith: 'bruno' }, mensagem: 'olá', imagens: [] });
  await db.outbox.update(mutationId, {
    state: 'answered',
    answer: { status: 201, body: { status: 'success', message: '', mensagem: serverMessage(id) } },
  });
  return mutationId;
}

const texts = async () => (await db.messages.toArray()).map((row) => row.id).sort();

beforeEach(async () => {
  counter += 1;
  db = new AppDb(`answered-copies-${counter}`);
  await storeSession(db, 'u1');
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the local copy of a message the worker delivered', () => {
  it('gives way to the server copy that the live channel brings before the fold, and the fold then changes nothing', async () => {
    const mutationId = await deliveredByWorker('m1');
    expect(await texts()).toEqual([`local:${mutationId}`]);

    await applySignal(db, { sinal: { mensagem: serverMessage('m1') } }, 'u1');
    expect(await texts()).toEqual(['m1']);

    const report = await flushOutbox({ db, appliers: { 'message.send': messageApplier }, transport: async () => null });
    expect(report.sent).toBe(1);
    expect(await texts()).toEqual(['m1']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stays while the server copy written is another message, and while its entry is still on its way', async () => {
    const answered = await deliveredByWorker('m1');
    const waiting = await sendMessage(db, { userId: 'u1', target: { conversaWith: 'bruno' }, mensagem: 'outra', imagens: [] });
    await db.transaction('rw', [db.outbox, db.messages], () => dropAnsweredCopies(db, ['m2', `local:${waiting}`]));
    expect(await texts()).toEqual([`local:${answered}`, `local:${waiting}`]);
    await db.transaction('rw', [db.outbox, db.messages], () => dropAnsweredCopies(db, ['m1']));
    expect(await texts()).toEqual([`local:${waiting}`]);
  });
});
