import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import {
  ConversationListResponseSchema,
  ConversationResponseSchema,
  MarkConversationsReadResponseSchema,
  MessageListResponseSchema,
  MessageResponseSchema,
} from '../../../contract/schemas/chats.ts';
import { UpdatesResponseSchema } from '../../../contract/schemas/profile.ts';
import { MensagemSignalSchema } from '../../../contract/schemas/signals.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { inOneMillisecond } from './helpers/one-millisecond.ts';
import { actor, anonymous, expectError, expectOk, expectReplay, idemKey, newUser, PNG_1PX, pngOfSize, type Actor } from './helpers/social.ts';

const C = '/api/client/common/conversas';

async function open(a: Actor, b: Actor) {
  return expectOk(await a.get(`${C}/com/${b.nomeUsuario}`), ConversationResponseSchema).conversa;
}

async function counter(who: Actor, name: 'newMessage' | 'newGroupMessage' | 'newNotification') {
  return expectOk(await who.get('/api/client/common/perfil/mostrarMeusUpdates'), UpdatesResponseSchema).updates[name].count;
}

describeOnEachDb('conversations and direct messages', (server) => {
  it('opens one conversation per pair, whoever opens it; an empty one is not listed', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const first = await open(ana, beto);
    const again = await open(beto, ana);
    expect(again.id).toBe(first.id);
    expect(first.primeiroUsuario.id).toBe(ana.id);
    expect(first.segundoUsuario.id).toBe(beto.id);
    const list = expectOk(await ana.get(`${C}/fetch`), ConversationListResponseSchema).conversas;
    expect(list.map((c) => c.id)).not.toContain(first.id);
    expectError(await ana.get(`${C}/com/${ana.nomeUsuario}`), 400, MSG.selfConversation);
    expectError(await ana.get(`${C}/com/ninguem_existe`), 404, MSG.notFound);
  });

  it('sends text and images (201): the recipient sees it unread, gets newMessage and one signal', async () => {
    const [ana, beto, carla] = [await newUser(server(), 'ana'), await newUser(server(), 'beto'), await newUser(server(), 'carla')];
    const conversa = await open(ana, beto);
    const sentBefore = server().signals.sent.length;
    const res = await ana.send('POST', `${C}/${conversa.id}/mensagens`, { mensagem: ' Olá Beto ', imagens: [PNG_1PX, PNG_1PX] });
    const { mensagem } = expectOk(res, MessageResponseSchema, 201);
    expect(mensagem).toMatchObject({ chatType: 'conversa', chatId: conversa.id, mensagem: 'Olá Beto', recurso: null });
    expect(mensagem.sender).toMatchObject({ id: ana.id, nomeUsuario: ana.nomeUsuario });
    expect(mensagem.imagens).toHaveLength(2);
    const image = await beto.raw(mensagem.imagens[0]?.url ?? '', { method: 'GET' });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');

    const signals = server().signals.sent.slice(sentBefore);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.userIds).toEqual([beto.id]);
    const signal = MensagemSignalSchema.parse((signals[0]?.sinal as { mensagem: unknown }).mensagem);
    expect(signal).toMatchObject({ id: mensagem.id, chatType: 'conversa', chatId: conversa.id, mensagem: 'Olá Beto' });
    expect(server().signals.sent.slice(sentBefore).some((s) => s.userIds.includes(carla.id) || s.userIds.includes(ana.id))).toBe(false);

    const betoList = expectOk(await beto.get(`${C}/fetch?pageNumber=1&size=50`), ConversationListResponseSchema).conversas;
    const seen = betoList.find((c) => c.id === conversa.id);
    expect(seen).toMatchObject({ novaMensagem: true, lastMessage: { message: 'Olá Beto', count: 1 }, lastSender: { id: ana.id } });
    const anaSide = expectOk(await ana.get(`${C}/fetch`), ConversationListResponseSchema).conversas.find((c) => c.id === conversa.id);
    expect(anaSide).toMatchObject({ novaMensagem: false, lastMessage: { count: 0 } });
    expect(await counter(beto, 'newMessage')).toBe(1);
    expect(await counter(ana, 'newMessage')).toBe(0);
  });

  it('sends a first message by username, creating the conversation', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const { mensagem } = expectOk(await ana.send('POST', `${C}/com/${beto.nomeUsuario}/mensagens`, { mensagem: 'Primeira' }), MessageResponseSchema, 201);
    const list = expectOk(await beto.get(`${C}/fetch`), ConversationListResponseSchema).conversas;
    expect(list[0]?.id).toBe(mensagem.chatId);
    expectError(await ana.send('POST', `${C}/com/${ana.nomeUsuario}/mensagens`, { mensagem: 'eu' }), 400, MSG.selfConversation);
  });

  it.each([
    ['no text and no image', { mensagem: '   ' }, 400, MSG.messageEmpty],
    ['text over 2000 characters', { mensagem: 'a'.repeat(2001) }, 400, MSG.messageTooLong],
    ['three images', { mensagem: 'x', imagens: [PNG_1PX, PNG_1PX, PNG_1PX] }, 400, MSG.messageTooManyImages],
    ['an image over 1,000,000 bytes', { imagens: [pngOfSize(1_000_001)] }, 413, MSG.imageTooHeavy],
    ['an image that is not an image', { imagens: ['data:image/png;base64,aGVsbG8='] }, 400, MSG.imageProblem],
    ['an image that is a link', { imagens: ['https://example.com/a.png'] }, 400, MSG.imageProblem],
    ['a number as text', { mensagem: 42 }, 400, MSG.invalidRequest],
    ['images that are not strings', { imagens: [{ url: 'x' }] }, 400, MSG.invalidRequest],
    ['malformed JSON', '{"mensagem": ', 400, MSG.invalidRequest],
  ])('refuses a message with %s and stores nothing', async (_label, body, status, message) => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const conversa = await open(ana, beto);
    expectError(await ana.send('POST', `${C}/${conversa.id}/mensagens`, body), status, message);
    const stored = await server().db.selectFrom('mensagens').select('id').where('chat_id', '=', conversa.id).execute();
    expect(stored).toHaveLength(0);
  });

  it('accepts exactly 2000 characters and two images of 1,000,000 bytes', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const conversa = await open(ana, beto);
    const big = pngOfSize(1_000_000);
    const res = await ana.send('POST', `${C}/${conversa.id}/mensagens`, { mensagem: 'é'.repeat(2000), imagens: [big, big] });
    expect(expectOk(res, MessageResponseSchema, 201).mensagem.imagens).toHaveLength(2);
  });

  it('answers 413 to a body over the server limit', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const conversa = await open(ana, beto);
    const res = await ana.send('POST', `${C}/${conversa.id}/mensagens`, { mensagem: 'x'.repeat(3_000_000) });
    expect(res.status).toBe(413);
  });

  it('keeps other people out: 403 for a stranger, 404 for an unknown conversation, 401 without a session', async () => {
    const [ana, beto, intruso] = [await newUser(server(), 'ana'), await newUser(server(), 'beto'), await newUser(server(), 'intruso')];
    const conversa = await open(ana, beto);
    expectError(await intruso.get(`${C}/${conversa.id}`), 403, MSG.forbidden);
    expectError(await intruso.get(`${C}/${conversa.id}/mensagens`), 403, MSG.forbidden);
    expectError(await intruso.send('POST', `${C}/${conversa.id}/mensagens`, { mensagem: 'olá' }), 403, MSG.forbidden);
    expectError(await intruso.get(`${C}/setUnreadMessageToFalse?conversaId=${conversa.id}`), 403, MSG.forbidden);
    expectError(await ana.get(`${C}/00000000-0000-4000-8000-000000000000/mensagens`), 404);
    expectError(await ana.send('POST', `${C}/nao-e-id/mensagens`, { mensagem: 'x' }), 404);
    expectError(await anonymous(server()).get(`${C}/${conversa.id}/mensagens`), 401, MSG.unauthenticated);
  });

  it('pages messages newest first by cursor and by page number', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const conversa = await open(ana, beto);
    // All in one millisecond: only the server-given order, not the time, can keep them apart.
    await inOneMillisecond(async () => {
      for (let i = 1; i <= 7; i += 1) await (i % 2 ? ana : beto).send('POST', `${C}/${conversa.id}/mensagens`, { mensagem: `m${i}` });
    });
    const page1 = expectOk(await beto.get(`${C}/${conversa.id}/mensagens?size=3`), MessageListResponseSchema);
    expect(page1.mensagens.map((m) => m.mensagem)).toEqual(['m7', 'm6', 'm5']);
    const page2 = expectOk(await beto.get(`${C}/${conversa.id}/mensagens?size=3&before=${page1.nextBefore}`), MessageListResponseSchema);
    expect(page2.mensagens.map((m) => m.mensagem)).toEqual(['m4', 'm3', 'm2']);
    const page3 = expectOk(await beto.get(`${C}/${conversa.id}/mensagens?size=3&before=${page2.nextBefore}`), MessageListResponseSchema);
    expect(page3.mensagens.map((m) => m.mensagem)).toEqual(['m1']);
    expect(page3.nextBefore).toBeNull();
    const byNumber = expectOk(await beto.get(`${C}/${conversa.id}/mensagens?size=3&pageNumber=2`), MessageListResponseSchema);
    expect(byNumber.mensagens.map((m) => m.mensagem)).toEqual(['m4', 'm3', 'm2']);
    expectError(await beto.get(`${C}/${conversa.id}/mensagens?before=00000000-0000-4000-8000-000000000000`), 400, MSG.invalidRequest);
    expectError(await beto.get(`${C}/${conversa.id}/mensagens?size=1000`), 400, MSG.invalidRequest);
  });

  it('marks one conversation or all read and lowers newMessage accordingly', async () => {
    const [ana, beto, carla] = [await newUser(server(), 'ana'), await newUser(server(), 'beto'), await newUser(server(), 'carla')];
    const withAna = await open(ana, beto);
    const withCarla = await open(carla, beto);
    await ana.send('POST', `${C}/${withAna.id}/mensagens`, { mensagem: '1' });
    await ana.send('POST', `${C}/${withAna.id}/mensagens`, { mensagem: '2' });
    await carla.send('POST', `${C}/${withCarla.id}/mensagens`, { mensagem: '3' });
    expect(await counter(beto, 'newMessage')).toBe(3);
    const one = expectOk(await beto.get(`${C}/setUnreadMessageToFalse?conversaId=${withAna.id}`), MarkConversationsReadResponseSchema);
    expect(one.actualizadas).toBe(1);
    expect(await counter(beto, 'newMessage')).toBe(1);
    const list = expectOk(await beto.get(`${C}/fetch`), ConversationListResponseSchema).conversas;
    expect(list.find((c) => c.id === withAna.id)?.novaMensagem).toBe(false);
    expect(list.find((c) => c.id === withCarla.id)?.novaMensagem).toBe(true);
    const all = expectOk(await beto.get(`${C}/setUnreadMessageToFalse`), MarkConversationsReadResponseSchema);
    expect(all.actualizadas).toBe(1);
    expect(await counter(beto, 'newMessage')).toBe(0);
    const after = expectOk(await beto.get(`${C}/fetch`), ConversationListResponseSchema).conversas;
    expect(after.every((c) => !c.novaMensagem)).toBe(true);
  });

  it('lists the demo conversations with history, most recent first', async () => {
    const demo = await actor(server(), 'demo');
    const list = expectOk(await demo.get(`${C}/fetch`), ConversationListResponseSchema).conversas;
    expect(list.length).toBeGreaterThanOrEqual(3);
    const times = list.map((c) => c.lastMessageAt ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.some((c) => c.novaMensagem)).toBe(true);
  });

  it('lists a user only their conversations with messages, and the moderator only their own (support)', async () => {
    const [ana, beto, carla] = [await newUser(server(), 'ana'), await newUser(server(), 'beto'), await newUser(server(), 'carla')];
    const theirs = await open(beto, carla);
    expect((await beto.send('POST', `${C}/${theirs.id}/mensagens`, { mensagem: 'Só nossa' }, idemKey())).status).toBe(201);
    const silent = await open(ana, carla);
    const mine = expectOk(await ana.get(`${C}/fetch?size=250`), ConversationListResponseSchema).conversas.map((c) => c.id);
    expect(mine).not.toContain(theirs.id);
    expect(mine).not.toContain(silent.id);
    const moderador = await actor(server(), 'moderador');
    const own = expectOk(await moderador.get('/api/client/moderador/conversas?size=250'), ConversationListResponseSchema).conversas.map((c) => c.id);
    expect(own).not.toContain(theirs.id);
    expect(own).not.toContain(silent.id);
    expect(own.length).toBeGreaterThan(0);
  });

  it('replays a send, an open-by-username, a first message by username and a mark-read without changing anything', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const conversa = await open(ana, beto);
    await expectReplay(server(), (key) => ana.send('POST', `${C}/${conversa.id}/mensagens`, { mensagem: 'uma vez' }, key));
    await expectReplay(server(), (key) => ana.send('POST', `${C}/com/${beto.nomeUsuario}/mensagens`, { mensagem: 'outra' }, key));
    const carla = await newUser(server(), 'carla');
    await expectReplay(server(), (key) => carla.get(`${C}/com/${ana.nomeUsuario}`, key));
    await expectReplay(server(), (key) => beto.get(`${C}/setUnreadMessageToFalse?conversaId=${conversa.id}`, key));
    await expectReplay(server(), (key) => beto.get(`${C}/setUnreadMessageToFalse`, key));
    expect(await server().db.selectFrom('mensagens').select('id').where('chat_id', '=', conversa.id).execute()).toHaveLength(2);
  });
});
