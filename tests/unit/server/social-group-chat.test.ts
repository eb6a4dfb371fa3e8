import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { MessageListResponseSchema, MessageResponseSchema } from '../../../contract/schemas/chats.ts';
import { GroupResponseSchema, GroupSubscribeResponseSchema } from '../../../contract/schemas/groups.ts';
import { UpdatesResponseSchema } from '../../../contract/schemas/profile.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { inOneMillisecond } from './helpers/one-millisecond.ts';
import { expectError, expectOk, expectReplay, newUser, PNG_1PX, type Actor } from './helpers/social.ts';
import { createGroup, G, groupWithRoles, PRIVATE_PLANS, setExpiry } from './helpers/social-groups.ts';

const DAY = 86_400_000;

async function updates(who: Actor) {
  return expectOk(await who.get('/api/client/common/perfil/mostrarMeusUpdates'), UpdatesResponseSchema).updates;
}

describeOnEachDb('group messages', (server) => {
  it('a message reaches the other members who can read, with newGroupMessage, and nobody else', async () => {
    const { group, creator, admin, member, outsider } = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    const lapsed = await newUser(server(), 'caducado');
    await creator.get(`${G}/${group.id}/adicionarUsuario/${lapsed.id}`);
    await setExpiry(server(), group.id, [lapsed.id], Date.now() - DAY);
    const before = { creator: (await updates(creator)).newGroupMessage.count, admin: (await updates(admin)).newGroupMessage.count };
    const sentBefore = server().signals.sent.length;

    const { mensagem } = expectOk(await member.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'Bom dia', imagens: [PNG_1PX] }), MessageResponseSchema, 201);
    expect(mensagem).toMatchObject({ chatType: 'grupo', chatId: group.id, mensagem: 'Bom dia' });

    const signals = server().signals.sent.slice(sentBefore);
    expect(signals).toHaveLength(1);
    expect([...(signals[0]?.userIds ?? [])].sort()).toEqual([creator.id, admin.id].sort());
    expect((await updates(creator)).newGroupMessage.count).toBe(before.creator + 1);
    expect((await updates(admin)).newGroupMessage.count).toBe(before.admin + 1);
    expect((await updates(member)).newGroupMessage.count).toBe(0);
    expect((await updates(lapsed)).newGroupMessage.count).toBe(0);
    expect((await updates(outsider)).newGroupMessage.count).toBe(0);

    const list = expectOk(await admin.get(`${G}/${group.id}/mensagens`), MessageListResponseSchema).mensagens;
    expect(list[0]?.id).toBe(mensagem.id);
    const after = expectOk(await admin.get(`${G}/${group.id}`), GroupResponseSchema).grupo;
    expect(after).toMatchObject({ lastMessage: 'Bom dia', lastSender: { id: member.id } });
  });

  it('pages group messages newest first', async () => {
    const { group, creator } = await groupWithRoles(server());
    await inOneMillisecond(async () => {
      for (let i = 1; i <= 5; i += 1) await creator.send('POST', `${G}/${group.id}/mensagens`, { mensagem: `g${i}` });
    });
    const page = expectOk(await creator.get(`${G}/${group.id}/mensagens?size=2`), MessageListResponseSchema);
    expect(page.mensagens.map((m) => m.mensagem)).toEqual(['g5', 'g4']);
    const next = expectOk(await creator.get(`${G}/${group.id}/mensagens?size=2&before=${page.nextBefore}`), MessageListResponseSchema);
    expect(next.mensagens.map((m) => m.mensagem)).toEqual(['g3', 'g2']);
  });

  it('refuses bad messages in groups with the rule message', async () => {
    const { group, member } = await groupWithRoles(server());
    expectError(await member.send('POST', `${G}/${group.id}/mensagens`, { mensagem: '' }), 400, MSG.messageEmpty);
    expectError(await member.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'x'.repeat(2001) }), 400, MSG.messageTooLong);
    expectError(await member.send('POST', `${G}/00000000-0000-4000-8000-000000000000/mensagens`, { mensagem: 'x' }), 404);
  });
});

describeOnEachDb('group subscriptions (payments)', (server) => {
  async function subscribe(who: Actor, groupId: string, plan: string) {
    return expectOk(await who.get(`${G}/${groupId}/subscrever/${plan}`), GroupSubscribeResponseSchema).respostaEmis.id;
  }
  async function pay(who: Actor, paymentId: string) {
    const res = await who.send('POST', `/api/client/public/pagamentos/emis/${paymentId}/confirmar`, undefined, { accept: 'application/json' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  it('subscribing creates a payment for the plan price; paying adds the membership and tells member and creator', async () => {
    const creator = await newUser(server(), 'dono');
    const buyer = await newUser(server(), 'cliente');
    const group = await createGroup(creator, { nome: 'Grupo Pago', privado: true, planos: PRIVATE_PLANS });
    expect(expectOk(await buyer.get(`${G}/${group.id}`), GroupResponseSchema).grupo.mustPay).toBe(true);

    const paymentId = await subscribe(buyer, group.id, 'mensal');
    const payment = await server().db.selectFrom('pagamentos').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ usuario_id: buyer.id, finalidade: 'grupo', valor: 1500, estado: 'pendente' });
    // Not a member until paid.
    expect(expectOk(await buyer.get(`${G}/${group.id}`), GroupResponseSchema).grupo.mustPay).toBe(true);

    const sentBefore = server().signals.sent.length;
    const startedAt = Date.now();
    await pay(buyer, paymentId);
    const grupo = expectOk(await buyer.get(`${G}/${group.id}`), GroupResponseSchema).grupo;
    expect(grupo.mustPay).toBe(false);
    expect(grupo.meuPapel).toBe('normal');
    const expiry = Date.parse(grupo.usuarios.find((u) => u.usuario.id === buyer.id)?.expiraEm ?? '');
    expect(expiry - startedAt).toBeGreaterThanOrEqual(30 * DAY - 60_000);
    expect(expiry - startedAt).toBeLessThanOrEqual(30 * DAY + 60_000);
    expect((await updates(buyer)).newGroupSubscription.count).toBe(1);
    expect((await updates(creator)).newGroupSubscriber.count).toBe(1);
    const told = server().signals.sent.slice(sentBefore).flatMap((s) => s.userIds);
    expect(told.sort()).toEqual([buyer.id, creator.id].sort());
    expect((await buyer.get(`${G}/${group.id}/mensagens`)).status).toBe(200);
  });

  it('paying again extends from the current expiry (semanal 7 days, anual 365 days)', async () => {
    const creator = await newUser(server(), 'dono');
    const buyer = await newUser(server(), 'cliente');
    const group = await createGroup(creator, { nome: 'Grupo Pago', privado: true, planos: PRIVATE_PLANS });
    await pay(buyer, await subscribe(buyer, group.id, 'semanal'));
    const first = await server().db.selectFrom('grupo_membros').select('expira_em').where('usuario_id', '=', buyer.id).executeTakeFirstOrThrow();
    await pay(buyer, await subscribe(buyer, group.id, 'anual'));
    const second = await server().db.selectFrom('grupo_membros').select('expira_em').where('usuario_id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(Date.parse(second.expira_em ?? '') - Date.parse(first.expira_em ?? '')).toBe(365 * DAY);
  });

  it('an expired member renews from now', async () => {
    const { group, member } = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    await setExpiry(server(), group.id, [member.id], Date.now() - 10 * DAY);
    const startedAt = Date.now();
    await pay(member, await subscribe(member, group.id, 'semanal'));
    const row = await server().db.selectFrom('grupo_membros').select('expira_em').where('usuario_id', '=', member.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.expira_em ?? '') - startedAt).toBeGreaterThanOrEqual(7 * DAY - 60_000);
  });

  it.each([
    ['an unknown plan', 'diario', 400, MSG.groupSubscriptionFailed],
  ])('refuses %s', async (_label, plan, status, message) => {
    const { group, outsider } = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    expectError(await outsider.get(`${G}/${group.id}/subscrever/${plan}`), status, message);
  });

  it('refuses subscribing to an open group, to one own group, and to a full group', async () => {
    const open = await groupWithRoles(server());
    expectError(await open.outsider.get(`${G}/${open.group.id}/subscrever/mensal`), 400, MSG.groupOpenNoPlan);
    const vip = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    expectError(await vip.creator.get(`${G}/${vip.group.id}/subscrever/mensal`), 400, MSG.groupOwnNoPlan);
    for (let i = 0; i < 27; i += 1) {
      const extra = await newUser(server(), 'm');
      expect((await vip.creator.get(`${G}/${vip.group.id}/adicionarUsuario/${extra.id}`)).status).toBe(200);
    }
    expectError(await vip.outsider.get(`${G}/${vip.group.id}/subscrever/mensal`), 400, MSG.groupFull);
    // A member of a full group may still renew.
    expect((await vip.member.get(`${G}/${vip.group.id}/subscrever/mensal`)).status).toBe(200);
    expectError(await vip.outsider.get(`${G}/00000000-0000-4000-8000-000000000000/subscrever/mensal`), 404);
  });

  it('a replayed subscription answers the same payment and creates one', async () => {
    const { group, outsider } = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    await expectReplay(server(), (key) => outsider.get(`${G}/${group.id}/subscrever/mensal`, key));
    const payments = await server().db.selectFrom('pagamentos').select('id').where('usuario_id', '=', outsider.id).execute();
    expect(payments).toHaveLength(1);
  });
});
