import 'fake-indexeddb/auto';
import './helpers/zone-less-awaits.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, type Atom } from 'jotai';
import { db } from '../../../src/db/instance.ts';
import { messageSortKey } from '../../../src/db/mirror-types.ts';
import { countersAtom, messagesAtom } from '../../../src/state/community.ts';
import { slipAtom } from '../../../src/state/slips.ts';
import { exploreSlipsAtom } from '../../../src/state/explore.ts';
import { PENDING } from '../../../src/state/live-atom.ts';
import type { Ficha } from '../../../contract/schemas/slips.ts';

// The screens' read atoms over one user's rows (state/personal-atom.ts) read the rows and their owner in one
// transaction. In Chromium, with several transactions overlapping while two people chatted, Dexie lost that
// transaction across an `await` inside the read: the transaction committed early (PrematureCommitError), the live query
// failed and the chat page fell to the error fallback. Here Dexie cannot follow a transaction across any `await`
// (helpers/zone-less-awaits.ts), so a read that depends on it fails every time; the writes below are single table
// calls, which need no such tracking, so what is tested is the reads.

const ana = { id: 'u1', nome: 'Ana', nomeUsuario: 'ana', fotografia: null };

function ficha(id: string, valor: number): Ficha {
  return {
    id,
    _id: id,
    usuario: ana,
    selecoes: [],
    valor,
    multiplicador: 1,
    retorno: valor,
    oddsChange: false,
    estado: 'pending',
    publicada: false,
    guardada: false,
    totalGuardadas: 0,
    totalComentarios: 0,
    createdAt: '2026-11-21T20:00:00.000Z',
    settledAt: null,
  };
}

function message(id: string, senderId: string, mensagem: string, createdAt: string, pendingMutationId?: number) {
  return { id, chatKey: 'conversa:c1' as const, sortKey: messageSortKey(createdAt, id), senderId, mensagem, imagens: [], createdAt, recurso: null, pendingMutationId };
}

/** Follows an atom as a mounted screen does; what it shows now, or the name of the error it would throw at the screen. */
function watch<T>(atom: Atom<T>) {
  const store = createStore();
  const read = () => {
    try {
      return store.get(atom);
    } catch (error) {
      return error instanceof Error ? error.name : String(error);
    }
  };
  const failures: string[] = [];
  store.sub(atom, () => {
    const value = read();
    if (typeof value === 'string') failures.push(value);
  });
  return { read, failures };
}

beforeAll(async () => {
  await db.kv.put({ key: 'session', session: { user: { ...ana, role: 'usuario' }, expires: '2099-01-01T00:00:00.000Z' }, checkedAt: 1 });
});
afterAll(async () => {
  await db.delete();
});

describe('the screens read their rows inside the read’s transaction', () => {
  it('an open chat and the unread count follow a message sent, its acknowledgement and a live reply', async () => {
    const chat = watch(messagesAtom('conversa:c1', 50));
    const counters = watch(countersAtom);
    const texts = () => {
      const value = chat.read();
      return value === PENDING || typeof value === 'string' ? value : value.map((row) => `${row.id}:${row.mensagem}`);
    };

    await db.messages.put(message('local:1', ana.id, 'Olá', '2026-11-21T20:00:00.000Z', 1));
    await expect.poll(texts).toEqual(['local:1:Olá']);
    // The outbox acknowledgement replaces the local message with the server's; the live reply arrives and counts.
    await db.messages.delete('local:1');
    await db.messages.put(message('m1', ana.id, 'Olá', '2026-11-21T20:00:01.000Z'));
    await db.messages.put(message('m2', 'u2', 'Boa noite', '2026-11-21T20:00:02.000Z'));
    await db.counters.put({ name: 'newMessage', count: 1 });
    await expect.poll(texts).toEqual(['m1:Olá', 'm2:Boa noite']);
    await expect.poll(() => {
      const value = counters.read();
      return typeof value === 'string' ? value : value.get('newMessage');
    }).toBe(1);
    expect([...chat.failures, ...counters.failures]).toEqual([]);
  });

  it('a slip found by the id it had on this phone and an Explore category follow the store (a read that needs another)', async () => {
    const slip = watch(slipAtom('local:7'));
    const category = watch(exploreSlipsAtom('categoria:destaque'));
    const stakes = (value: ReturnType<typeof slip.read> | ReturnType<typeof category.read>) => {
      if (value === PENDING || typeof value === 'string' || value === undefined) return value;
      return Array.isArray(value) ? value.map((model) => model.ficha.valor) : value.ficha.valor;
    };

    // Acknowledged: the slip made as local:7 is now s1 on the server, and a category lists it.
    await db.slips.put({ id: 's1', ownerId: ana.id, createdAt: '2026-11-21T20:00:00.000Z', lists: ['criadas'], data: ficha('s1', 100), localId: 'local:7' });
    await db.queries.put({ key: 'categoria:destaque', ids: ['s1'], refreshedAt: 1 });
    await expect.poll(() => stakes(slip.read())).toBe(100);
    await expect.poll(() => stakes(category.read())).toEqual([100]);
    await db.slips.put({ id: 's1', ownerId: ana.id, createdAt: '2026-11-21T20:00:00.000Z', lists: ['criadas'], data: ficha('s1', 250), localId: 'local:7' });
    await expect.poll(() => stakes(slip.read())).toBe(250);
    await expect.poll(() => stakes(category.read())).toEqual([250]);
    expect([...slip.failures, ...category.failures]).toEqual([]);
  });
});
