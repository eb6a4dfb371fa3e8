import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { MessageListResponseSchema, MessageResponseSchema } from '../../../contract/schemas/chats.ts';
import { EventRecordResponseSchema, RoomListResponseSchema, RoomResponseSchema } from '../../../contract/schemas/rooms.ts';
import { ConversationListResponseSchema } from '../../../contract/schemas/chats.ts';
import { LIVE_STATUSES } from '../../../contract/schemas/events.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { inOneMillisecond } from './helpers/one-millisecond.ts';
import { actor, anonymous, expectError, expectOk, expectReplay, newUser } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

const S = '/api/client/common/grupos/salas';
const M = '/api/client/moderador';

/** The next match not yet started, and one made live for the test. */
async function events(server: TestServer) {
  const now = new Date().toISOString();
  const upcoming = await server.db
    .selectFrom('eventos')
    .select(['id', 'home_name', 'away_name'])
    .where('status', '=', 'NS')
    .where('date', '>', now)
    .orderBy('date')
    .limit(2)
    .execute();
  const [next, later] = upcoming;
  if (!next || !later) throw new Error('no fixtures');
  await server.db.updateTable('eventos').set({ status: 'LIVE', elapsed: 30, home_goals: 1, away_goals: 0 }).where('id', '=', later.id).execute();
  return { next, live: later };
}

describeOnEachDb('event rooms', (server) => {
  it('lists rooms for live and upcoming matches, live first, each with its event', async () => {
    const { next, live } = await events(server());
    const user = await newUser(server());
    const rooms = expectOk(await user.get(`${S}?pageNumber=1&size=250`), RoomListResponseSchema).data;
    expect(rooms.length).toBeGreaterThan(1);
    // Live first (other tests of the file may have made other matches live too), then the upcoming ones.
    const firstUpcoming = rooms.findIndex((r) => r.evento?.status === 'NS');
    expect(firstUpcoming).toBeGreaterThan(0);
    expect(rooms.slice(0, firstUpcoming).map((r) => r.eventId)).toContain(live.id);
    expect(rooms.slice(0, firstUpcoming).every((r) => (LIVE_STATUSES as readonly string[]).includes(r.evento?.status ?? ''))).toBe(true);
    expect(rooms.slice(firstUpcoming).every((r) => r.evento?.status === 'NS')).toBe(true);
    const upcoming = rooms.find((r) => r.eventId === next.id);
    expect(upcoming?.nome).toBe(`${next.home_name} vs ${next.away_name}`);
    const statuses = rooms.map((r) => r.evento?.status ?? '');
    expect(statuses.every((s) => s === 'NS' || (LIVE_STATUSES as readonly string[]).includes(s))).toBe(true);
    // Listing again creates nothing new.
    const again = expectOk(await user.get(`${S}?size=250`), RoomListResponseSchema).data;
    expect(again.map((r) => r.id)).toEqual(rooms.map((r) => r.id));
  });

  it('opens a room by room id or by event id (eventRoom, evento, foundEvento)', async () => {
    const { next } = await events(server());
    const user = await newUser(server());
    const byEvent = expectOk(await user.get(`${S}/${next.id}`), RoomResponseSchema);
    expect(byEvent.foundEvento).toBe(true);
    expect(byEvent.evento?.id).toBe(next.id);
    expect(byEvent.eventRoom?.eventId).toBe(next.id);
    const byRoom = expectOk(await user.get(`${S}/${byEvent.eventRoom?.id}`), RoomResponseSchema);
    expect(byRoom.eventRoom?.id).toBe(byEvent.eventRoom?.id);
    const missing = await user.get(`${S}/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(RoomResponseSchema.parse(missing.body).foundEvento).toBe(false);
    expectError(await user.get(`${S}/${'z'.repeat(300)}`), 404);
  });

  it('any signed-in user posts in a room; the others who posted there get the signal', async () => {
    const { live } = await events(server());
    const [ana, beto, carla] = [await newUser(server(), 'ana'), await newUser(server(), 'beto'), await newUser(server(), 'carla')];
    let sentBefore = 0;
    // Both in one millisecond: the room lists them in the order they were sent all the same.
    const { mensagem } = await inOneMillisecond(async () => {
      expect((await ana.send('POST', `${S}/${live.id}/mensagens`, { mensagem: 'Golo!' })).status).toBe(201);
      sentBefore = server().signals.sent.length;
      return expectOk(await beto.send('POST', `${S}/${live.id}/mensagens`, { mensagem: 'Que jogo' }), MessageResponseSchema, 201);
    });
    expect(mensagem.chatType).toBe('sala');
    const signals = server().signals.sent.slice(sentBefore);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.userIds).toEqual([ana.id]);
    const list = expectOk(await carla.get(`${S}/${live.id}/mensagens`), MessageListResponseSchema).mensagens;
    expect(list.map((m) => m.mensagem)).toEqual(['Que jogo', 'Golo!']);
    const room = expectOk(await carla.get(`${S}/${live.id}`), RoomResponseSchema).eventRoom;
    expect(room).toMatchObject({ lastMessage: 'Que jogo', lastSender: { id: beto.id } });
    expectError(await carla.send('POST', `${S}/${live.id}/mensagens`, { mensagem: '' }), 400, MSG.messageEmpty);
    expectError(await anonymous(server()).send('POST', `${S}/${live.id}/mensagens`, { mensagem: 'x' }), 401);
    await expectReplay(server(), (key) => carla.send('POST', `${S}/${live.id}/mensagens`, { mensagem: 'uma vez' }, key));
  });
});

describeOnEachDb('moderator calls', (server) => {
  it('moderators and the privileged account update an event record (201); others get 403, anonymous 401', async () => {
    const { next } = await events(server());
    const body = { sport_radar_eventId: 'sr:match:123', sport_radar_seasonId: 98765 };
    for (const name of ['moderador', 'analista']) {
      const who = await actor(server(), name);
      const res = await who.send('PATCH', `${M}/evento/${next.id}`, body);
      const parsed = expectOk(res, EventRecordResponseSchema, 201);
      expect(parsed.evento).toEqual({ event_id: next.id, sport_radar_eventId: 'sr:match:123', sport_radar_seasonId: '98765' });
      expect(res.body.message).toBe(MSG.eventUpdated);
    }
    for (const name of ['demo', 'fichasoficial']) {
      expectError(await (await actor(server(), name)).send('PATCH', `${M}/evento/${next.id}`, body), 403, MSG.forbidden);
    }
    expectError(await anonymous(server()).send('PATCH', `${M}/evento/${next.id}`, body), 401, MSG.unauthenticated);
    const moderator = await actor(server(), 'moderador');
    const read = expectOk(await moderator.get(`${M}/evento/${next.id}`), EventRecordResponseSchema);
    expect(read.evento.sport_radar_eventId).toBe('sr:match:123');
    expectError(await (await actor(server(), 'demo')).get(`${M}/evento/${next.id}`), 403);
  });

  it('refuses bad event updates with 4xx', async () => {
    const { next } = await events(server());
    const moderator = await actor(server(), 'moderador');
    expectError(await moderator.send('PATCH', `${M}/evento/00000000-0000-4000-8000-000000000000`, { sport_radar_eventId: '1', sport_radar_seasonId: '2' }), 404);
    expectError(await moderator.send('PATCH', `${M}/evento/${next.id}`, { sport_radar_eventId: '', sport_radar_seasonId: '2' }), 400, MSG.invalidRequest);
    expectError(await moderator.send('PATCH', `${M}/evento/${next.id}`, { sport_radar_eventId: true }), 400, MSG.invalidRequest);
    expectError(await moderator.send('PATCH', `${M}/evento/${next.id}`, '{oops'), 400, MSG.invalidRequest);
  });

  it('an event update replays without changing anything', async () => {
    const { next } = await events(server());
    const moderator = await actor(server(), 'moderador');
    await expectReplay(server(), (key) => moderator.send('PATCH', `${M}/evento/${next.id}`, { sport_radar_eventId: 'a', sport_radar_seasonId: 'b' }, key));
  });

  it('moderators list and read only their own support conversations, never other people\'s; others get 403', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const { body } = await ana.send('POST', `/api/client/common/conversas/com/${beto.nomeUsuario}/mensagens`, { mensagem: 'privado' });
    const conversaId = (body.mensagem as { chatId: string }).chatId;
    for (const name of ['moderador', 'analista']) {
      const support = await ana.send('POST', `/api/client/common/conversas/com/${name}/mensagens`, { mensagem: `apoio ${name}` });
      const supportId = (support.body.mensagem as { chatId: string }).chatId;
      const who = await actor(server(), name);
      const list = expectOk(await who.get(`${M}/conversas?size=250`), ConversationListResponseSchema).conversas;
      expect(list.map((c) => c.id)).toContain(supportId);
      expect(list.map((c) => c.id)).not.toContain(conversaId);
      const messages = expectOk(await who.get(`${M}/conversas/${supportId}/mensagens`), MessageListResponseSchema).mensagens;
      expect(messages[0]?.mensagem).toBe(`apoio ${name}`);
      expectError(await who.get(`${M}/conversas/${conversaId}/mensagens`), 403, MSG.forbidden);
    }
    for (const who of [ana, await actor(server(), 'fichasoficial')]) {
      expectError(await who.get(`${M}/conversas`), 403, MSG.forbidden);
      expectError(await who.get(`${M}/conversas/${conversaId}/mensagens`), 403, MSG.forbidden);
    }
    expectError(await anonymous(server()).get(`${M}/conversas`), 401);
  });
});
