import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { applySignal } from '../../../src/sync/realtime/apply-signal.ts';
import { ConversationSchema, type Conversation } from '../../../contract/schemas/chats.ts';

let db: AppDb;
let counter = 0;
const sender = { id: 'u2', nome: 'Bruno', nomeUsuario: 'bruno', fotografia: null };
const conversation: Conversation = {
  id: 'c1',
  primeiroUsuario: { ...sender, id: 'u1', nomeUsuario: 'ana', nome: 'Ana', role: 'usuario' },
  segundoUsuario: { ...sender, role: 'usuario' },
  novaMensagem: false,
  lastSender: null,
  lastMessageAt: '2026-11-20T00:00:00.000Z',
  lastMessage: { message: 'Antes', count: 0 },
  createdAt: '2026-11-20T00:00:00.000Z',
};

function message(id: string, from = sender) {
  return {
    sinal: {
      mensagem: { id, chatType: 'conversa', chatId: 'c1', sender: from, mensagem: 'Olá', imagens: [], createdAt: '2026-11-21T20:00:00.000Z' },
    },
  };
}

beforeEach(async () => {
  db = new AppDb(`signal-test-${++counter}`);
  await signInAs('u1');
});

async function signInAs(id: string) {
  await db.kv.put({ key: 'session', session: { user: { id, nomeUsuario: id, role: 'usuario' }, expires: '2099-01-01T00:00:00.000Z' }, checkedAt: 1 });
}
afterEach(async () => {
  await db.delete();
});

describe('novoSinal into the store', () => {
  it('stores a message once, bumps newMessage and the conversation preview', async () => {
    await db.conversations.put({ id: 'c1', lastMessageAt: '2026-11-20T00:00:00.000Z', data: conversation });
    expect(await applySignal(db, message('m1'), 'u1')).toBe(true);
    await applySignal(db, message('m1'), 'u1');
    expect(await db.messages.where('[chatKey+sortKey]').between(['conversa:c1', ''], ['conversa:c1', '\uffff']).count()).toBe(1);
    expect(await db.counters.get('newMessage')).toMatchObject({ name: 'newMessage', count: 1 });
    const row = await db.conversations.get('c1');
    expect(row?.lastMessageAt).toBe('2026-11-21T20:00:00.000Z');
    // The row keeps the conversation's shape (the list reads lastMessage.message and .count) and shows it unread.
    expect(ConversationSchema.parse(row?.data)).toMatchObject({ novaMensagem: true, lastMessage: { message: 'Olá', count: 1 }, lastSender: { id: 'u2' } });
  });

  it('lists a conversation this phone did not have yet (someone’s first message) at once', async () => {
    await applySignal(db, message('m5'), 'u1');
    const row = await db.conversations.get('c1');
    expect(row?.lastMessageAt).toBe('2026-11-21T20:00:00.000Z');
    const data = ConversationSchema.parse(row?.data);
    expect(data).toMatchObject({ novaMensagem: true, lastMessage: { message: 'Olá', count: 1 }, lastSender: { id: 'u2', nome: 'Bruno' } });
    expect([data.primeiroUsuario.id, data.segundoUsuario.id].sort()).toEqual(['u1', 'u2']);
    expect(data.primeiroUsuario).toMatchObject({ nomeUsuario: 'bruno', role: 'usuario' });
  });

  it('asks for the group list again when a message comes from a group not stored here', async () => {
    const missing = vi.fn();
    const signal = message('m6');
    await applySignal(db, { sinal: { mensagem: { ...signal.sinal.mensagem, chatType: 'grupo', chatId: 'g1' } } }, 'u1', missing);
    expect(missing).toHaveBeenCalledWith('grupo');
    expect(await db.counters.get('newGroupMessage')).toMatchObject({ name: 'newGroupMessage', count: 1 });
    missing.mockClear();
    await applySignal(db, message('m7'), 'u1', missing);
    expect(missing).not.toHaveBeenCalled();
  });

  it('does not count the user’s own messages as unread', async () => {
    await applySignal(db, message('m2', { ...sender, id: 'u1' }), 'u1');
    expect(await db.counters.get('newMessage')).toBeUndefined();
    expect(await db.messages.get('m2')).toBeDefined();
  });

  it('stores a notification and raises its counter', async () => {
    await applySignal(
      db,
      {
        sinal: {
          notificacao: { id: 'n1', tipo: 'ficha', mensagem: 'A tua ficha foi ganha', pagamentoId: null, sender: null, counter: 'newFichaUpdate', createdAt: '2026-11-21T20:00:00.000Z' },
        },
      },
      'u1',
    );
    expect(await db.notifications.get('n1')).toBeDefined();
    expect(await db.counters.get('newFichaUpdate')).toMatchObject({ name: 'newFichaUpdate', count: 1 });
  });

  it('ignores a payload that does not match the contract, writing nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await applySignal(db, { sinal: { mensagem: { id: 5 } } }, 'u1')).toBe(false);
    expect(await applySignal(db, 'not json', 'u1')).toBe(false);
    expect(await db.messages.count()).toBe(0);
    warn.mockRestore();
  });

  it('writes nothing for a user who is no longer signed in on this phone (a push or a connection that outlived them)', async () => {
    await signInAs('u2');
    expect(await applySignal(db, message('m3'), 'u1')).toBe(false);
    expect(await db.messages.get('m3')).toBeUndefined();
    expect(await db.counters.get('newMessage')).toBeUndefined();
  });
});
