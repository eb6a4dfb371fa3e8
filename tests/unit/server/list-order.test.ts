import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationResponseSchema, MessageListResponseSchema, MessageResponseSchema, type Mensagem } from '../../../contract/schemas/chats.ts';
import { createDb, type Db } from '../../../server/db/create-db.ts';
import { LIST, nextListPlace } from '../../../server/db/list-place.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { migrations } from '../../../server/db/migrations/index.ts';
import { newId } from '../../../server/lib/ids.ts';
import { backends, type Backend } from './helpers/backends.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { inOneMillisecond } from './helpers/one-millisecond.ts';
import { expectOk, newUser } from './helpers/social.ts';
import { startTestServer, whileOthersDrop, type TestServer } from './helpers/test-server.ts';

// Lists are ordered by a place the server gives each row in the insert's transaction (server/db/list-place.ts,
// migration 0008-ordering), not by a millisecond time and a random id.

const C = '/api/client/common/conversas';

describeOnEachDb('rows of one millisecond keep the order they were written in', (server) => {
  it('reads messages sent within one millisecond back newest first, in the order they were sent, page by page', async () => {
    const [ana, beto] = [await newUser(server(), 'mesmo_ms_a'), await newUser(server(), 'mesmo_ms_b')];
    const conversa = expectOk(await ana.get(`${C}/com/${beto.nomeUsuario}`), ConversationResponseSchema).conversa;
    const texts = Array.from({ length: 12 }, (_, i) => `ms-${i + 1}`);
    const sent = await inOneMillisecond(async () => {
      const answers: Mensagem[] = [];
      for (const [i, mensagem] of texts.entries()) {
        answers.push(expectOk(await (i % 2 ? beto : ana).send('POST', `${C}/${conversa.id}/mensagens`, { mensagem }), MessageResponseSchema, 201).mensagem);
      }
      return answers;
    });

    const read: Mensagem[] = [];
    let before: string | null = null;
    do {
      const query: string = before ? `&before=${before}` : '';
      const page = expectOk(await beto.get(`${C}/${conversa.id}/mensagens?size=5${query}`), MessageListResponseSchema);
      read.push(...page.mensagens);
      before = page.nextBefore;
    } while (before);
    expect(read.map((m) => m.mensagem)).toEqual([...texts].reverse());
    expect(read.map((m) => m.id)).toEqual(sent.map((m) => m.id).reverse());
    // The times agree with the order (1 ms apart), so a client that sorts by createdAt shows the same order.
    const times = sent.map((m) => m.createdAt);
    expect(new Set(times).size).toBe(times.length);
    expect([...times].sort()).toEqual(times);
    expect(read.map((m) => m.createdAt)).toEqual([...times].reverse());
  });
});

const T = Date.parse('2024-05-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const uuid = (first: string) => `${first.repeat(8)}-0000-4000-8000-000000000000`;

/** A database at a named migration, on a temp SQLite file or in a fresh PostgreSQL schema. */
async function databaseAt(backend: Backend, migration: string): Promise<{ db: Db; schema: string | undefined; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'fichas-order-test-'));
  const schema = backend.name === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: backend.url });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  if (schema) await admin(`create schema ${schema}`);
  const { db } = createDb({ databaseUrl: schema ? (backend.url ?? null) : null, dataDir: dir }, schema ? { pgSchema: schema } : { sqliteFile: join(dir, 'app.sqlite') });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  await whileOthersDrop(async () => {
    const { error } = await migrator.migrateTo(migration);
    if (error) throw error;
  });
  return {
    db,
    schema,
    async close() {
      await db.destroy();
      if (schema) await admin(`drop schema ${schema} cascade`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

for (const backend of await backends()) {
  describe.runIf(backend.available)(`migration 0008-ordering numbers the rows already there [${backend.name}]`, () => {
    let db: Db;
    let schema: string | undefined;
    let close: () => Promise<void> = async () => {};
    const [u1, u2] = [uuid('1'), uuid('2')];
    const [chatA, chatB] = [uuid('c'), uuid('d')];

    beforeAll(async () => {
      ({ db, schema, close } = await databaseAt(backend, '0007-jobs'));
      for (const [id, name] of [[u1, 'um'], [u2, 'dois']] as const) {
        await sql`insert into usuarios (id, nome, nome_usuario, email, password_hash, role, created_at)
          values (${id}, ${name}, ${name}, ${`${name}@example.com`}, 'x', 'usuario', ${iso(T)})`.execute(db);
      }
      // Three messages of one millisecond (ids out of alphabetical order) after an earlier one, and another chat.
      const messages: [string, string, number][] = [
        [uuid('b'), chatA, T + 1],
        [uuid('z'), chatA, T],
        [uuid('c'), chatA, T + 1],
        [uuid('a'), chatA, T + 1],
        [uuid('e'), chatB, T + 5],
      ];
      for (const [id, chatId, at] of messages) {
        await sql`insert into mensagens (id, chat_tipo, chat_id, sender_id, mensagem, created_at)
          values (${id}, 'conversa', ${chatId}, ${u1}, 'olá', ${iso(at)})`.execute(db);
      }
      await sql`insert into seguidores (seguidor_id, seguido_id, created_at) values (${u2}, ${u1}, ${iso(T + 1)}), (${u1}, ${u2}, ${iso(T)})`.execute(db);
      await whileOthersDrop(() => migrateToLatest(db));
    });
    afterAll(() => close());

    it('gives each list 1, 2, … in (created_at, id) order', async () => {
      const chat = async (chatId: string) =>
        (await db.selectFrom('mensagens').select(['id', 'seq']).where('chat_id', '=', chatId).orderBy('seq').execute()).map((r) => [r.id, r.seq]);
      expect(await chat(chatA)).toEqual([
        [uuid('z'), 1],
        [uuid('a'), 2],
        [uuid('b'), 3],
        [uuid('c'), 4],
      ]);
      expect(await chat(chatB)).toEqual([[uuid('e'), 1]]);
      const follows = await db.selectFrom('seguidores').select(['seguidor_id', 'seq']).orderBy('seq').execute();
      expect(follows.map((r) => [r.seguidor_id, r.seq])).toEqual([
        [u1, 1],
        [u2, 2],
      ]);
    });

    it('continues each list after its last row, in place and in time', async () => {
      const [next, nextFollow, fresh] = await db.transaction().execute(async (trx) => [
        // A clock behind the newest row still gives a later time: 1 ms after it.
        await nextListPlace(trx, LIST.chat('conversa', chatA), new Date(T - 60_000)),
        await nextListPlace(trx, LIST.follows, new Date(T + 10_000)),
        await nextListPlace(trx, LIST.notifications(u1), new Date(T + 20_000)),
      ]);
      expect(next).toEqual({ seq: 5, createdAt: iso(T + 2) });
      expect(nextFollow).toEqual({ seq: 3, createdAt: iso(T + 10_000) });
      expect(fresh).toEqual({ seq: 1, createdAt: iso(T + 20_000) });
    });

    it('refuses a second row at one place of a list', async () => {
      const duplicate = sql`insert into mensagens (id, chat_tipo, chat_id, sender_id, mensagem, created_at, seq)
        values (${newId()}, 'conversa', ${chatA}, ${u1}, 'outra', ${iso(T)}, 1)`.execute(db);
      await expect(duplicate).rejects.toThrow();
    });

    it('can be undone and done again, numbering the rows the same way', async () => {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      const down = await whileOthersDrop(async () => {
        const result = await migrator.migrateTo('0007-jobs');
        if (result.error) throw result.error;
        return result;
      });
      expect(down.error).toBeUndefined();
      expect(down.results?.filter((r) => r.migrationName === '0008-ordering').map((r) => [r.migrationName, r.direction, r.status])).toEqual([
        ['0008-ordering', 'Down', 'Success'],
      ]);
      await whileOthersDrop(() => migrateToLatest(db));
      const chat = await db.selectFrom('mensagens').select(['id', 'seq']).where('chat_id', '=', chatA).orderBy('seq').execute();
      expect(chat.map((r) => r.id)).toEqual([uuid('z'), uuid('a'), uuid('b'), uuid('c')]);
    });
  });
}

const postgres = (await backends()).find((backend) => backend.name === 'postgres');

describe.runIf(postgres?.available)('writers of one list take turns until commit [postgres]', () => {
  let server: TestServer | undefined;
  beforeAll(async () => {
    if (postgres) server = await startTestServer(postgres, { seed: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function waitingOnLock(db: Db, pid: number): Promise<boolean> {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const { rows } = await sql<{ wait: string | null }>`select wait_event_type as wait from pg_stat_activity where pid = ${pid}`.execute(db);
      if (rows[0]?.wait === 'Lock') return true;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return false;
  }

  it('a second writer waits for the first to commit, then takes the next place: nobody reads place 2 without place 1', async () => {
    if (!server) throw new Error('test server not started');
    const db = server.db;
    const list = LIST.chat('sala', newId());
    let commitFirst = () => {};
    const mayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstPlaced = () => {};
    const placed = new Promise<void>((resolve) => (firstPlaced = resolve));
    const first = db.transaction().execute(async (trx) => {
      const place = await nextListPlace(trx, list, new Date());
      firstPlaced();
      await mayCommit;
      return place;
    });
    await placed;

    let reportPid = (_pid: number) => {};
    const pid = new Promise<number>((resolve) => (reportPid = resolve));
    let secondDone = false;
    const second = db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        reportPid(rows[0]?.pid ?? 0);
        return nextListPlace(trx, list, new Date());
      })
      .finally(() => {
        secondDone = true;
      });

    expect(await waitingOnLock(db, await pid)).toBe(true);
    expect(secondDone).toBe(false);
    commitFirst();
    const [one, two] = [await first, await second];
    expect(two.seq).toBe(one.seq + 1);
    expect(two.createdAt > one.createdAt).toBe(true);
  });
});
