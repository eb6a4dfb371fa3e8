import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { COUNTER_NAMES } from '../../../contract/schemas/signals.ts';
import {
  CounterResetResponseSchema,
  FollowResponseSchema,
  MyProfileResponseSchema,
  UpdatesResponseSchema,
  UserListResponseSchema,
  UserProfileResponseSchema,
  UserSearchResponseSchema,
} from '../../../contract/schemas/profile.ts';
import { MarkNotificationsReadResponseSchema, NotificationListResponseSchema } from '../../../contract/schemas/notifications.ts';
import { RewardListResponseSchema, RewardResponseSchema } from '../../../contract/schemas/rewards.ts';
import { CreateSlipResponseSchema, SlipListResponseSchema } from '../../../contract/schemas/slips.ts';
import { selectionFor, upcomingEventIds } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { inOneMillisecond } from './helpers/one-millisecond.ts';
import { actor, anonymous, expectError, expectOk, expectReplay, idemKey, newUser } from './helpers/social.ts';

const P = '/api/client/common/perfil';
const N = '/api/client/common/notificacoes';
const R = '/api/client/common/recompensas';

describeOnEachDb('profiles, follows and counters', (server) => {
  it('shows the own profile with private fields and follow counts', async () => {
    const demo = await actor(server(), 'demo');
    const body = expectOk(await demo.get(`${P}/mostrarMeuPerfil`), MyProfileResponseSchema);
    expect(body.usuario).toMatchObject({ nomeUsuario: 'demo', email: 'demo@fichas.ao', numeroTelemovel: '923000001', banca: { amount: 12_500, trend: 'up' } });
    expect(body.follows.following).toBeGreaterThanOrEqual(2);
    expect(body.follows.followers).toBeGreaterThanOrEqual(2);
    expect(body.follows.socials).toEqual({ instagram: '@demo_fichas' });
  });

  it("shows another user's public profile with the verified badge, bankroll and isFollowing", async () => {
    const demo = await actor(server(), 'demo');
    const body = expectOk(await demo.get(`${P}/fichasoficial`), UserProfileResponseSchema);
    expect(body.usuario).toMatchObject({ nomeUsuario: 'fichasoficial', conta: 'oficial', nif: { verificado: true } });
    expect(body.usuario).not.toHaveProperty('email');
    expect(body.isFollowing).toBe(true);
    expect(body.follows.followers).toBeGreaterThanOrEqual(3);
    // The handle is normalised like a username.
    expect((await demo.get(`${P}/FichasOficial`)).status).toBe(200);
    expectError(await demo.get(`${P}/ninguem_aqui`), 404, MSG.notFound);
  });

  it('follows once (one notification), unfollows, and refuses following oneself', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const sentBefore = server().signals.sent.length;
    const followed = expectOk(await ana.send('POST', `${P}/${beto.nomeUsuario}/seguir`), FollowResponseSchema);
    expect(followed).toMatchObject({ isFollowing: true, follows: { followers: 1 } });
    const again = expectOk(await ana.send('POST', `${P}/${beto.nomeUsuario}/seguir`), FollowResponseSchema);
    expect(again.follows.followers).toBe(1);
    const told = server().signals.sent.slice(sentBefore);
    expect(told).toHaveLength(1);
    expect(told[0]?.userIds).toEqual([beto.id]);
    const notes = expectOk(await beto.get(N), NotificationListResponseSchema).notificacoes;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ tipo: 'novoSeguidor', lida: false, sender: { id: ana.id } });
    expect(expectOk(await beto.get(`${P}/mostrarMeusUpdates`), UpdatesResponseSchema).updates.newNotification.count).toBe(1);
    expect(expectOk(await ana.get(`${P}/${beto.nomeUsuario}`), UserProfileResponseSchema).isFollowing).toBe(true);
    const list = expectOk(await ana.get(`${P}/${beto.nomeUsuario}/seguidores`), UserListResponseSchema).usuarios;
    expect(list.map((u) => u.id)).toEqual([ana.id]);
    const following = expectOk(await ana.get(`${P}/${ana.nomeUsuario}/seguindo`), UserListResponseSchema).usuarios;
    expect(following.map((u) => u.id)).toEqual([beto.id]);
    const unfollowed = expectOk(await ana.send('DELETE', `${P}/${beto.nomeUsuario}/seguir`), FollowResponseSchema);
    expect(unfollowed).toMatchObject({ isFollowing: false, follows: { followers: 0 } });
    expectError(await ana.send('POST', `${P}/${ana.nomeUsuario}/seguir`), 400, MSG.selfFollow);
    expectError(await ana.send('POST', `${P}/ninguem_aqui/seguir`), 404);
  });

  it('follow and unfollow cycles tell the followed user once a day: one notification, one counter, one signal', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const sentBefore = server().signals.sent.length;
    for (let i = 0; i < 4; i += 1) {
      expectOk(await ana.send('POST', `${P}/${beto.nomeUsuario}/seguir`), FollowResponseSchema);
      expectOk(await ana.send('DELETE', `${P}/${beto.nomeUsuario}/seguir`), FollowResponseSchema);
    }
    expectOk(await ana.send('POST', `${P}/${beto.nomeUsuario}/seguir`), FollowResponseSchema);
    expect(server().signals.sent.slice(sentBefore).filter((s) => s.userIds.includes(beto.id))).toHaveLength(1);
    const notes = expectOk(await beto.get(N), NotificationListResponseSchema).notificacoes;
    expect(notes.map((n) => n.tipo)).toEqual(['novoSeguidor']);
    expect(expectOk(await beto.get(`${P}/mostrarMeusUpdates`), UpdatesResponseSchema).updates.newNotification.count).toBe(1);

    // The merge is per day: a notice kept from an earlier day (its key names that day) does not hide today's.
    await server().db.updateTable('notificacoes').set({ chave: `seguir:${ana.id}:2020-01-01` }).where('usuario_id', '=', beto.id).execute();
    await ana.send('DELETE', `${P}/${beto.nomeUsuario}/seguir`);
    await ana.send('POST', `${P}/${beto.nomeUsuario}/seguir`);
    expect(expectOk(await beto.get(N), NotificationListResponseSchema).notificacoes).toHaveLength(2);
    // Another follower is another notice the same day.
    const carla = await newUser(server(), 'carla');
    await carla.send('POST', `${P}/${beto.nomeUsuario}/seguir`);
    expect(expectOk(await beto.get(N), NotificationListResponseSchema).notificacoes).toHaveLength(3);
  });

  it("lists a user's published slips newest first, paged, without the hidden ones", async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const events = await upcomingEventIds(server(), 3);
    const ids: string[] = [];
    await inOneMillisecond(async () => {
      for (const id of events) {
        const pick = await selectionFor(server(), id, 'ft_result', 'home');
        const made = await ana.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [pick], valor: 100 }, idemKey());
        ids.push(expectOk(made, CreateSlipResponseSchema, 201).ficha.id);
      }
    });
    await ana.send('PATCH', `/api/client/apostador/fichas/${ids[0] ?? ''}/ocultar`, undefined, idemKey());
    const slips = async (who: typeof ana, query = '') =>
      expectOk(await who.get(`${P}/${ana.nomeUsuario}/fichas${query}`), SlipListResponseSchema).fichas.map((f) => f.id);
    expect(await slips(beto)).toEqual([ids[2], ids[1]]);
    expect(await slips(ana)).toEqual([ids[2], ids[1]]);
    expect(await slips(beto, '?pageNumber=2&size=1')).toEqual([ids[1]]);
    expect(await slips(await newUser(server(), 'caio'), '?size=1')).toEqual([ids[2]]);
    expectError(await beto.get(`${P}/ninguem_aqui/fichas`), 404, MSG.notFound);
    expectError(await beto.get(`${P}/${ana.nomeUsuario}/fichas?size=0`), 400, MSG.invalidRequest);
    expectError(await anonymous(server()).get(`${P}/${ana.nomeUsuario}/fichas`), 401);
  });

  it('reports every unread counter and resets one by name', async () => {
    const demo = await actor(server(), 'demo');
    const updates = expectOk(await demo.get(`${P}/mostrarMeusUpdates`), UpdatesResponseSchema).updates;
    expect(Object.keys(updates).sort()).toEqual([...COUNTER_NAMES].sort());
    expect(updates.newMessage.count).toBeGreaterThan(0);
    const reset = expectOk(await demo.send('POST', `${P}/contadores/newMessage/zerar`), CounterResetResponseSchema);
    expect(reset.contador).toEqual({ nome: 'newMessage', count: 0 });
    const after = expectOk(await demo.get(`${P}/mostrarMeusUpdates`), UpdatesResponseSchema).updates;
    expect(after.newMessage.count).toBe(0);
    expect(after.newNotification.count).toBe(updates.newNotification.count);
    expectError(await demo.send('POST', `${P}/contadores/naoExiste/zerar`), 400, MSG.invalidRequest);
    expectError(await demo.send('POST', `${P}/contadores/${'x'.repeat(2000)}/zerar`), 400);
  });

  it('replays follow, unfollow and counter resets without changing anything', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    await expectReplay(server(), (key) => ana.send('POST', `${P}/${beto.nomeUsuario}/seguir`, undefined, key));
    await expectReplay(server(), (key) => beto.send('POST', `${P}/contadores/newNotification/zerar`, undefined, key));
    await expectReplay(server(), (key) => ana.send('DELETE', `${P}/${beto.nomeUsuario}/seguir`, undefined, key));
  });

  it('searches users by a slugified term; an empty term is refused', async () => {
    const anon = anonymous(server());
    const found = expectOk(await anon.get('/api/client/public/search/Kiála!/usuarios'), UserSearchResponseSchema).data;
    expect(found.map((u) => u.nomeUsuario)).toContain('kiala_tips');
    const byName = expectOk(await anon.get('/api/client/public/search/silva/usuarios'), UserSearchResponseSchema).data;
    expect(byName.map((u) => u.nomeUsuario)).toContain('joana_silva');
    expect(expectOk(await anon.get('/api/client/public/search/zzzzzzzz/usuarios'), UserSearchResponseSchema).data).toEqual([]);
    expectError(await anon.get('/api/client/public/search/%20%21%21/usuarios'), 400, MSG.searchTerm);
    expectError(await anon.get('/api/client/public/search/usuarios'), 400, MSG.searchTerm);
    expect(expectOk(await anon.get('/api/client/public/search/a/usuarios?size=2'), UserSearchResponseSchema).data).toHaveLength(2);
    expect((await anon.get(`/api/client/public/search/${'%25'.repeat(500)}/usuarios`)).status).toBe(400);
  });

  it('serves a user photo by URL, and the URL changes when the photo does', async () => {
    const ana = await newUser(server(), 'ana');
    const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const first = await ana.send('PATCH', '/api/client/common/conta/actualizar', { fotografia: PNG });
    const url = (first.body.usuario as { fotografia: string }).fotografia;
    expect(url).toMatch(new RegExp(`^/api/client/public/fotografias/${ana.id}\\?v=1$`));
    const photo = await anonymous(server()).raw(url, { method: 'GET' });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    const second = await ana.send('PATCH', '/api/client/common/conta/actualizar', { fotografia: PNG });
    expect((second.body.usuario as { fotografia: string }).fotografia).toMatch(/\?v=2$/);
    expect((await anonymous(server()).raw('/api/client/public/fotografias/00000000-0000-4000-8000-000000000000', { method: 'GET' })).status).toBe(404);
  });
});

describeOnEachDb('notifications', (server) => {
  it('lists notifications newest first, by cursor or page, and marks them read', async () => {
    const target = await newUser(server(), 'alvo');
    const fans = [await newUser(server(), 'f'), await newUser(server(), 'f'), await newUser(server(), 'f')];
    await inOneMillisecond(async () => {
      for (const fan of fans) await fan.send('POST', `${P}/${target.nomeUsuario}/seguir`);
    });
    const first = expectOk(await target.get(`${N}?size=2`), NotificationListResponseSchema);
    expect(first.notificacoes.map((n) => n.sender?.id)).toEqual([fans[2]?.id, fans[1]?.id]);
    const rest = expectOk(await target.get(`${N}?size=2&before=${first.nextBefore}`), NotificationListResponseSchema);
    expect(rest.notificacoes.map((n) => n.sender?.id)).toEqual([fans[0]?.id]);
    expect(rest.nextBefore).toBeNull();
    expect(expectOk(await target.get(`${N}?size=2&pageNumber=2`), NotificationListResponseSchema).notificacoes).toHaveLength(1);

    const one = expectOk(await target.send('POST', `${N}/marcarLidas`, { ids: [first.notificacoes[0]?.id] }), MarkNotificationsReadResponseSchema);
    expect(one.actualizadas).toBe(1);
    const all = expectOk(await target.send('POST', `${N}/marcarLidas`, {}), MarkNotificationsReadResponseSchema);
    expect(all.actualizadas).toBe(2);
    const after = expectOk(await target.get(N), NotificationListResponseSchema).notificacoes;
    expect(after.every((n) => n.lida)).toBe(true);
    // Someone else's notification ids change nothing.
    const demoNotes = expectOk(await (await actor(server(), 'demo')).get(N), NotificationListResponseSchema).notificacoes;
    const foreign = expectOk(await target.send('POST', `${N}/marcarLidas`, { ids: demoNotes.map((n) => n.id) }), MarkNotificationsReadResponseSchema);
    expect(foreign.actualizadas).toBe(0);
  });

  it('refuses bad input and replays mark-read', async () => {
    const user = await newUser(server());
    expectError(await user.get(`${N}?before=nao-existe`), 400, MSG.invalidRequest);
    expectError(await user.send('POST', `${N}/marcarLidas`, { ids: 'todas' }), 400, MSG.invalidRequest);
    expectError(await user.send('POST', `${N}/marcarLidas`, { ids: Array.from({ length: 251 }, (_, i) => String(i)) }), 400);
    expectError(await anonymous(server()).get(N), 401);
    await expectReplay(server(), (key) => user.send('POST', `${N}/marcarLidas`, {}, key));
  });
});

describeOnEachDb('rewards', (server) => {
  it('lists sent, received and refunded rewards of the demo user, and their details', async () => {
    const demo = await actor(server(), 'demo');
    const sent = expectOk(await demo.get(`${R}/enviadas`), RewardListResponseSchema).recompensas;
    expect(sent.length).toBe(3);
    expect(sent.every((r) => r.remetente.nomeUsuario === 'demo')).toBe(true);
    expect(new Set(sent.map((r) => r.estado))).toEqual(new Set(['concluido', 'reembolsado', 'cancelado']));
    const received = expectOk(await demo.get(`${R}/recebidas?pageNumber=1&size=50`), RewardListResponseSchema).recompensas;
    expect(received.map((r) => r.estado).sort()).toEqual(['confirmado']);
    expect(received.every((r) => r.destinatario.nomeUsuario === 'demo')).toBe(true);
    const refunded = expectOk(await demo.get(`${R}/reembolsados`), RewardListResponseSchema).recompensas;
    expect(refunded.map((r) => r.estado)).toEqual(['cancelado', 'reembolsado']);

    const pagamentoId = received[0]?.pagamentoId ?? '';
    for (const path of [`${R}/recebidas/${pagamentoId}`, `${R}/${pagamentoId}`]) {
      expect(expectOk(await demo.get(path), RewardResponseSchema).recompensa.pagamentoId).toBe(pagamentoId);
    }
    expectError(await (await newUser(server())).get(`${R}/recebidas/${pagamentoId}`), 403, MSG.forbidden);
    expectError(await demo.get(`${R}/enviadas/nao-existe`), 404);
    expectError(await anonymous(server()).get(`${R}/enviadas`), 401);
    expect(expectOk(await demo.get(`${R}/enviadas?size=1`), RewardListResponseSchema).recompensas).toHaveLength(1);
  });
});
