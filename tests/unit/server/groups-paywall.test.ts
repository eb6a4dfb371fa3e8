import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { NotificationListResponseSchema } from '../../../contract/schemas/notifications.ts';
import { PaymentResultResponseSchema } from '../../../contract/schemas/payments.ts';
import {
  GROUP_MAX_USERS,
  GroupListResponseSchema,
  GroupResponseSchema,
  GroupSubscribeResponseSchema,
  type Group,
} from '../../../contract/schemas/groups.ts';
import { UpdatesResponseSchema } from '../../../contract/schemas/profile.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, expectError, expectOk, newUser, type Actor } from './helpers/social.ts';
import { createGroup, G, groupWithRoles, PRIVATE_PLANS, setExpiry } from './helpers/social-groups.ts';
import type { TestServer } from './helpers/test-server.ts';

// What of a private group reaches a user who must pay (SPEC §4 mustPay), who sees its member
// list with the paid-until dates, and the 30-user cap (SPEC §5, §9) held when a group payment is confirmed.

const DAY = 86_400_000;
const SECRET = 'Segredo do grupo: casa ganha ao intervalo';

async function updates(who: Actor) {
  return expectOk(await who.get('/api/client/common/perfil/mostrarMeusUpdates'), UpdatesResponseSchema).updates;
}

async function groupAs(who: Actor, id: string): Promise<Group> {
  return expectOk(await who.get(`${G}/${id}`), GroupResponseSchema).grupo;
}

/** A private group with a paid member, a lapsed member, an administrator who never paid and an outsider. */
async function privateCast(server: TestServer) {
  const cast = await groupWithRoles(server, { nome: 'Dicas Pagas', privado: true, planos: PRIVATE_PLANS });
  const lapsed = await newUser(server, 'caducou');
  const unpaidAdmin = await newUser(server, 'adminsem');
  for (const who of [lapsed, unpaidAdmin]) {
    expect((await cast.creator.get(`${G}/${cast.group.id}/adicionarUsuario/${who.id}`)).status).toBe(200);
  }
  expect((await cast.creator.get(`${G}/${cast.group.id}/setAdmin/${unpaidAdmin.id}`)).status).toBe(200);
  await setExpiry(server, cast.group.id, [lapsed.id], Date.now() - DAY);
  return { ...cast, lapsed, unpaidAdmin };
}

describeOnEachDb('groups: nothing of a private conversation reaches a user who must pay', (server) => {
  it('the group list shows no last message nor last sender to them, on every tab, and shows both to readers', async () => {
    const { group, member, creator, lapsed, outsider, unpaidAdmin } = await privateCast(server());
    expect((await member.send('POST', `${G}/${group.id}/mensagens`, { mensagem: SECRET })).status).toBe(201);

    for (const [who, tabs] of [
      [outsider, ['tudo']],
      [lapsed, ['tudo', 'subscricoes']],
      [unpaidAdmin, ['tudo', 'subscricoes']],
    ] as const) {
      for (const tab of tabs) {
        const res = await who.get(`${G}?size=250&gruposComponent=${tab}`);
        const entry = expectOk(res, GroupListResponseSchema).grupos.find((g) => g.id === group.id);
        expect(entry, `${tab} lists the group`).toBeDefined();
        expect(entry).toMatchObject({ mustPay: true, lastMessage: null, lastSender: null, nome: 'Dicas Pagas', totalUsuarios: 5 });
        expect(JSON.stringify(res.body)).not.toContain('Segredo');
      }
    }
    for (const who of [creator, member]) {
      const entry = expectOk(await who.get(`${G}?size=250`), GroupListResponseSchema).grupos.find((g) => g.id === group.id);
      expect(entry).toMatchObject({ mustPay: false, lastMessage: SECRET, lastSender: { id: member.id } });
    }
  });

  it('grupos/{id} gives them what the paywall needs (name, image, count, creator, plans) and not the last message', async () => {
    const { group, member, creator, lapsed, outsider, unpaidAdmin } = await privateCast(server());
    expect((await member.send('POST', `${G}/${group.id}/mensagens`, { mensagem: SECRET })).status).toBe(201);
    for (const who of [outsider, lapsed, unpaidAdmin]) {
      const res = await who.get(`${G}/${group.id}`);
      const grupo = expectOk(res, GroupResponseSchema).grupo;
      expect(grupo).toMatchObject({
        mustPay: true,
        lastMessage: null,
        lastSender: null,
        nome: 'Dicas Pagas',
        totalUsuarios: 5,
        criador: { id: creator.id },
        planos: PRIVATE_PLANS,
      });
      expect(JSON.stringify(res.body)).not.toContain('Segredo');
    }
    expect((await groupAs(member, group.id)).lastMessage).toBe(SECRET);
  });

  it('a membership that lapses ends what reaches the member: no signal, push, counter or notification with new words', async () => {
    const { group, member, creator, admin, lapsed, outsider, unpaidAdmin } = await privateCast(server());
    const before = { member: (await updates(member)).newGroupMessage.count, creator: (await updates(creator)).newGroupMessage.count };
    let sentBefore = server().signals.sent.length;
    expect((await admin.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'Ainda pago' })).status).toBe(201);
    expect(server().signals.sent.slice(sentBefore).flatMap((s) => s.userIds).sort()).toEqual([creator.id, member.id].sort());

    // The member's paid period ends: from now on they must pay again, and hear nothing new.
    await setExpiry(server(), group.id, [member.id], Date.now() - 1000);
    sentBefore = server().signals.sent.length;
    expect((await admin.send('POST', `${G}/${group.id}/mensagens`, { mensagem: SECRET })).status).toBe(201);
    const signals = server().signals.sent.slice(sentBefore);
    // Signals are what both realtime (novoSinal) and push deliver: only the creator is told.
    expect(signals.flatMap((s) => s.userIds)).toEqual([creator.id]);
    for (const who of [member, lapsed, outsider, unpaidAdmin]) {
      expect(JSON.stringify(signals.filter((s) => s.userIds.includes(who.id)))).not.toContain('Segredo');
      const notes = expectOk(await who.get('/api/client/common/notificacoes?size=250'), NotificationListResponseSchema).notificacoes;
      expect(JSON.stringify(notes)).not.toContain('Segredo');
    }
    expect((await updates(member)).newGroupMessage.count).toBe(before.member + 1);
    expect((await updates(creator)).newGroupMessage.count).toBe(before.creator + 2);
    expect((await updates(lapsed)).newGroupMessage.count).toBe(0);
    expect((await updates(unpaidAdmin)).newGroupMessage.count).toBe(0);
    expectError(await member.get(`${G}/${group.id}/mensagens`), 403, MSG.groupMustPay);
    expect((await groupAs(member, group.id)).lastMessage).toBeNull();
  });

  it('an open group made private: its unpaid members stop hearing it', async () => {
    const { group, creator, member } = await groupWithRoles(server());
    await creator.send('PATCH', `${G}/${group.id}/actualizarGrupo`, { privado: true, planos: PRIVATE_PLANS });
    const sentBefore = server().signals.sent.length;
    expect((await creator.send('POST', `${G}/${group.id}/mensagens`, { mensagem: SECRET })).status).toBe(201);
    expect(server().signals.sent.slice(sentBefore).flatMap((s) => s.userIds)).toEqual([]);
    expect((await groupAs(member, group.id)).lastMessage).toBeNull();
  });
});

describeOnEachDb("groups: a private group's members and their paid-until dates", (server) => {
  it('a user who must pay sees neither the member list nor anyone else’s expiry; they see their own entry only', async () => {
    const { group, admin, member, lapsed, outsider } = await privateCast(server());
    const memberRow = await server()
      .db.selectFrom('grupo_membros')
      .select('expira_em')
      .where('grupo_id', '=', group.id)
      .where('usuario_id', '=', member.id)
      .executeTakeFirstOrThrow();

    const seenByOutsider = await outsider.get(`${G}/${group.id}`);
    expect(expectOk(seenByOutsider, GroupResponseSchema).grupo.usuarios).toEqual([]);
    expect(JSON.stringify(seenByOutsider.body)).not.toContain(String(memberRow.expira_em));
    expect(JSON.stringify(seenByOutsider.body)).not.toContain(member.id);
    expect(JSON.stringify(seenByOutsider.body)).not.toContain(admin.id);

    const seenByLapsed = await groupAs(lapsed, group.id);
    expect(seenByLapsed.usuarios.map((u) => u.usuario.id)).toEqual([lapsed.id]);
    expect(seenByLapsed.totalUsuarios).toBe(5);
  });

  it('paid members, the creator and administrators (paid or not) see every member with the expiry', async () => {
    const { group, creator, admin, member, lapsed, unpaidAdmin } = await privateCast(server());
    const everyone = [admin.id, member.id, lapsed.id, unpaidAdmin.id].sort();
    for (const who of [creator, admin, member, unpaidAdmin]) {
      const grupo = await groupAs(who, group.id);
      expect(grupo.usuarios.map((u) => u.usuario.id).sort(), who.nomeUsuario).toEqual(everyone);
      expect(grupo.usuarios.find((u) => u.usuario.id === member.id)?.expiraEm).not.toBeNull();
    }
  });

  it('an open group shows its members to everyone (nothing to pay for)', async () => {
    const { group, outsider, member } = await groupWithRoles(server());
    expect((await groupAs(outsider, group.id)).usuarios.map((u) => u.usuario.id)).toContain(member.id);
  });
});

describeOnEachDb('groups: the 30-user cap holds when a group payment is confirmed', (server) => {
  const pay = (paymentId: string) =>
    anonymous(server()).send('POST', `/api/client/public/pagamentos/emis/${paymentId}/confirmar`, undefined, { accept: 'application/json' });
  const subscribe = async (who: Actor, groupId: string) =>
    expectOk(await who.get(`${G}/${groupId}/subscrever/semanal`), GroupSubscribeResponseSchema).respostaEmis.id;
  const usersIn = async (groupId: string) =>
    1 + Number((await server().db.selectFrom('grupo_membros').select((eb) => eb.fn.countAll<number>().as('n')).where('grupo_id', '=', groupId).executeTakeFirst())?.n ?? 0);

  /** A private group with the creator and `members` paid members. */
  async function fill(members: number) {
    const creator = await newUser(server(), 'lotado');
    const group = await createGroup(creator, { nome: 'Quase Cheio', privado: true, planos: PRIVATE_PLANS });
    const paidUntil = new Date(Date.now() + 10 * DAY).toISOString();
    const people: Actor[] = [];
    for (let i = 0; i < members; i += 1) people.push(await newUser(server(), 'p'));
    await server()
      .db.insertInto('grupo_membros')
      .values(people.map((p) => ({ grupo_id: group.id, usuario_id: p.id, role: 'normal' as const, expira_em: paidUntil, created_at: new Date().toISOString() })))
      .execute();
    return { creator, group, people };
  }

  it('two users who started paying for the last place: the first confirmed gets it, the second payment is cancelled and its payer told why', async () => {
    const { creator, group, people } = await fill(GROUP_MAX_USERS - 2);
    const [first, second] = [await newUser(server(), 'primeiro'), await newUser(server(), 'segundo')];
    const firstPayment = await subscribe(first, group.id);
    const secondPayment = await subscribe(second, group.id);

    expect((await pay(firstPayment)).status).toBe(200);
    expect(await usersIn(group.id)).toBe(GROUP_MAX_USERS);

    const sentBefore = server().signals.sent.length;
    const refused = await pay(secondPayment);
    expectError(refused, 409, MSG.groupFull);
    expect(PaymentResultResponseSchema.parse(refused.body).pagamento.estado).toBe('cancelado');
    const row = await server().db.selectFrom('pagamentos').select('estado').where('id', '=', secondPayment).executeTakeFirstOrThrow();
    expect(row.estado).toBe('cancelado');
    expect(await usersIn(group.id)).toBe(GROUP_MAX_USERS);
    expect((await groupAs(second, group.id)).mustPay).toBe(true);

    // The payer is told, live and in their notifications; the creator gains no subscriber.
    const notes = expectOk(await second.get('/api/client/common/notificacoes'), NotificationListResponseSchema).notificacoes;
    expect(notes[0]).toMatchObject({ tipo: 'grupoSubscricaoRecusada', pagamentoId: secondPayment });
    expect(notes[0]?.mensagem).toContain('Quase Cheio');
    expect(notes[0]?.mensagem).toContain('30 usuarios');
    expect((await updates(second)).newGroupSubscription.count).toBe(1);
    await expect.poll(() => server().signals.sent.slice(sentBefore).flatMap((s) => s.userIds)).toEqual([second.id]);
    expect((await updates(creator)).newGroupSubscriber.count).toBe(1);

    // Paying the cancelled payment again changes nothing; a member of the full group still renews.
    expectError(await pay(secondPayment), 409, MSG.paymentClosed);
    const renewal = await subscribe(people[0] as Actor, group.id);
    expect((await pay(renewal)).status).toBe(200);
    expect(await usersIn(group.id)).toBe(GROUP_MAX_USERS);
  });

  it('two confirmations for the last place at the same time let exactly one user in', async () => {
    const { group } = await fill(GROUP_MAX_USERS - 2);
    const payers = [await newUser(server(), 'corrida'), await newUser(server(), 'corrida')];
    const payments = [];
    for (const who of payers) payments.push(await subscribe(who, group.id));
    const answers = await Promise.all(payments.map((id) => pay(id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await usersIn(group.id)).toBe(GROUP_MAX_USERS);
    const states = await server().db.selectFrom('pagamentos').select('estado').where('id', 'in', payments).execute();
    expect(states.map((s) => s.estado).sort()).toEqual(['cancelado', 'concluido']);
  });

  it('two administrators adding users for the last place at the same time let exactly one in', async () => {
    const { creator, group } = await fill(GROUP_MAX_USERS - 2);
    const newcomers = [await newUser(server(), 'novo'), await newUser(server(), 'novo')];
    const answers = await Promise.all(newcomers.map((who) => creator.get(`${G}/${group.id}/adicionarUsuario/${who.id}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await usersIn(group.id)).toBe(GROUP_MAX_USERS);
  });

  it('two users joining an open group for the last place at the same time: exactly one gets in', async () => {
    const creator = await newUser(server(), 'aberto');
    const group = await createGroup(creator, { nome: 'Aberto Quase Cheio' });
    const people: Actor[] = [];
    for (let i = 0; i < GROUP_MAX_USERS - 2; i += 1) people.push(await newUser(server(), 'p'));
    await server()
      .db.insertInto('grupo_membros')
      .values(people.map((p) => ({ grupo_id: group.id, usuario_id: p.id, role: 'normal' as const, expira_em: null, created_at: new Date().toISOString() })))
      .execute();
    const joiners = [await newUser(server(), 'entra'), await newUser(server(), 'entra')];
    const answers = await Promise.all(joiners.map((who) => who.get(`${G}/${group.id}/entrar`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await usersIn(group.id)).toBe(GROUP_MAX_USERS);
  });
});
