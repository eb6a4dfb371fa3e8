import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { pullLatestComments, pullOlderComments, sendComment } from '../../../src/sync/resources/comments.ts';
import { commentsKey } from '../../../src/sync/resources/profile-keys.ts';
import { discardRejected, flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import { commentProblem } from '../../../src/state/comments.ts';
import { MSG } from '../../../contract/messages.ts';
import { CreateSlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { NotificationListResponseSchema } from '../../../contract/schemas/notifications.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { expectOk, idemKey, newUser, type Actor } from '../server/helpers/social.ts';
import { selectionFor, upcomingEventIds } from '../server/helpers/betting.ts';
import { fetchAs } from './helpers/fetch-as.ts';

// Comments on a slip: written offline and shown at once as saved on this phone, replaced by the
// server's once sent (the author is told), paged newest first, and a comment on a slip hidden meanwhile refused and
// discarded without a trace.

let server: TestServer;
let owner: Actor;
let reader: Actor;
let db: AppDb;
let counter = 0;
let online = true;

const flush = () => flushOutbox({ db, appliers: APPLIERS, transport: fetchTransport({ origin: () => location.origin }) });
const stored = (fichaId: string) =>
  db.messages
    .where('[chatKey+sortKey]')
    .between([commentsKey(fichaId), ''], [commentsKey(fichaId), '\uffff'])
    .toArray();

async function newSlip(): Promise<string> {
  const [eventId] = await upcomingEventIds(server, 1);
  const pick = await selectionFor(server, eventId ?? '', 'ft_result', 'home');
  return expectOk(await owner.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [pick], valor: 100 }, idemKey()), CreateSlipResponseSchema, 201).ficha.id;
}

beforeAll(async () => {
  // 55 comments in a row from one user: above the per-minute limit a phone would ever reach.
  server = await startTestServer({ name: 'sqlite', available: true }, { env: { RATE_LIMIT_COMMENTS_USER: '200/1m' } });
  owner = await newUser(server, 'autor');
  reader = await newUser(server, 'leitor');
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
  vi.stubGlobal('fetch', fetchAs(reader, () => online));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(async () => {
  online = true;
  db = new AppDb(`comments-sync-${++counter}`);
  await db.kv.put({
    key: 'session',
    session: { user: { id: reader.id, nomeUsuario: reader.nomeUsuario, role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() },
    checkedAt: Date.now(),
  });
});

describe('comments on a slip', () => {
  it('takes 1 to 500 characters after trimming', () => {
    expect(commentProblem('')).toBe(MSG.commentLength);
    expect(commentProblem('   ')).toBe(MSG.commentLength);
    expect(commentProblem('x'.repeat(501))).toBe(MSG.commentLength);
    expect(commentProblem(` ${'x'.repeat(500)} `)).toBeNull();
    expect(commentProblem('Boa!')).toBeNull();
  });

  it('shows one written offline at once, replaces it with the server copy once sent, and tells the author', async () => {
    const fichaId = await newSlip();
    online = false;
    const author = { nome: 'Leitor', nomeUsuario: reader.nomeUsuario };
    const mutationId = await sendComment(db, { userId: reader.id, fichaId, texto: 'Boa ficha', author });
    expect(await stored(fichaId)).toMatchObject([{ id: `local:${mutationId}`, mensagem: 'Boa ficha', pendingMutationId: mutationId, sender: author }]);
    online = true;
    expect((await flush()).sent).toBe(1);
    const rows = await stored(fichaId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id.startsWith('local:')).toBe(false);
    expect(rows[0]).toMatchObject({ mensagem: 'Boa ficha', senderId: reader.id });
    const notes = expectOk(await owner.get('/api/client/common/notificacoes'), NotificationListResponseSchema).notificacoes;
    expect(notes.filter((note) => note.tipo === 'comentario' && note.recurso?.id === fichaId)).toHaveLength(1);
    // A pull of the newest page brings the same comment, not a second copy.
    expect(await pullLatestComments(db, fichaId)).toBe('loaded');
    expect(await stored(fichaId)).toHaveLength(1);
  });

  it('pages older comments by their cursor until none are left', async () => {
    const fichaId = await newSlip();
    for (let index = 0; index < 55; index += 1) {
      expect((await owner.send('POST', `/api/client/common/fichas/${fichaId}/comentarios`, { texto: `c${index}` }, idemKey())).status).toBe(201);
    }
    expect(await pullLatestComments(db, fichaId)).toBe('loaded');
    expect(await stored(fichaId)).toHaveLength(50);
    expect(await pullOlderComments(db, fichaId)).toBe('loaded');
    const all = await stored(fichaId);
    expect(all).toHaveLength(55);
    expect(all[0]?.mensagem).toBe('c0');
    expect(await pullOlderComments(db, fichaId)).toBe('no-more');
  });

  it('is refused on a slip hidden meanwhile, and a discard leaves nothing behind', async () => {
    const fichaId = await newSlip();
    online = false;
    const mutationId = await sendComment(db, { userId: reader.id, fichaId, texto: 'Tarde demais', author: { nome: 'Leitor', nomeUsuario: reader.nomeUsuario } });
    expect((await owner.send('PATCH', `/api/client/apostador/fichas/${fichaId}/ocultar`, undefined, idemKey())).status).toBe(200);
    online = true;
    await flush();
    expect(await db.outbox.get(mutationId)).toMatchObject({ state: 'rejected', error: MSG.notFound });
    expect(await stored(fichaId)).toHaveLength(1);
    expect(await pullLatestComments(db, fichaId)).toBe('missing');
    expect(await discardRejected(db, APPLIERS, mutationId)).toBe(true);
    expect(await stored(fichaId)).toHaveLength(0);
  });
});
