import { expect, it } from 'vitest';
import { GroupSubscribeResponseSchema } from '../../../contract/schemas/groups.ts';
import { NotificationListResponseSchema } from '../../../contract/schemas/notifications.ts';
import { NOTIFICATION_TIPO } from '../../../contract/schemas/notification-data.ts';
import { daysLeft, tellEndingGroupSubscriptions } from '../../../server/social/groups/subscription-ending.ts';
import { webPublishOf } from '../../../server/push/payload.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, expectOk, newUser, type Actor } from './helpers/social.ts';
import { createGroup, G, groupWithRoles, PRIVATE_PLANS, setExpiry } from './helpers/social-groups.ts';

// A group subscription's notices carry their facts (the group, the end, the days left), so each reader's app words
// them in its language and writes the date as its reader does; the Portuguese text never holds an ISO date.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function notices(who: Actor, tipo: string) {
  const list = expectOk(await who.get('/api/client/common/notificacoes'), NotificationListResponseSchema).notificacoes;
  return list.filter((n) => n.tipo === tipo);
}

it('counts the days left as a reader does: rounded up, never below zero', () => {
  const now = new Date('2026-12-02T10:00:00.000Z');
  expect(daysLeft(new Date(now.getTime() + 2 * DAY - HOUR), now)).toBe(2);
  expect(daysLeft(new Date(now.getTime() + 2 * DAY + HOUR), now)).toBe(3);
  expect(daysLeft(new Date(now.getTime() + HOUR), now)).toBe(1);
  expect(daysLeft(new Date(now.getTime() - HOUR), now)).toBe(0);
});

describeOnEachDb('group subscription notices', (server) => {
  it('a paid plan tells the member until when, as facts and as a Portuguese date, and tells the creator who subscribed', async () => {
    const creator = await newUser(server(), 'dono');
    const payer = await newUser(server(), 'paga');
    const group = await createGroup(creator, { nome: 'Kiala VIP', privado: true, planos: PRIVATE_PLANS });
    const payment = expectOk(await payer.get(`${G}/${group.id}/subscrever/semanal`), GroupSubscribeResponseSchema).respostaEmis.id;
    const paid = await anonymous(server()).send('POST', `/api/client/public/pagamentos/emis/${payment}/confirmar`, undefined, { accept: 'application/json' });
    expect(paid.status).toBe(200);

    const [active] = await notices(payer, NOTIFICATION_TIPO.groupSubscription);
    const row = await server().db.selectFrom('grupo_membros').select('expira_em').where('grupo_id', '=', group.id).where('usuario_id', '=', payer.id).executeTakeFirstOrThrow();
    expect(active?.dados).toEqual({ grupo: 'Kiala VIP', ate: row.expira_em });
    expect(active?.mensagem).toMatch(/^A tua subscrição do grupo Kiala VIP está activa até \d{1,2} de [a-zç]+ de \d{4}$/);
    expect(active?.mensagem).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const [subscriber] = await notices(creator, NOTIFICATION_TIPO.groupSubscriber);
    expect(subscriber).toMatchObject({ dados: { grupo: 'Kiala VIP' }, sender: { id: payer.id } });
  });

  it('tells a member of a private group once when the plan ends within 3 days, again after a renewal ends, and nobody else', async () => {
    const { group, member, admin } = await groupWithRoles(server(), { nome: 'Dicas Pagas', privado: true, planos: PRIVATE_PLANS });
    const open = await groupWithRoles(server(), { nome: 'Aberto' });
    const now = new Date();
    const end = new Date(now.getTime() + 2 * DAY - HOUR);
    await setExpiry(server(), group.id, [member.id], end.getTime());
    await setExpiry(server(), open.group.id, [open.member.id], end.getTime());
    const sentBefore = server().signals.sent.length;

    await tellEndingGroupSubscriptions(server().db, server().signals, now);
    // A second run (or a second process) tells nobody twice.
    await tellEndingGroupSubscriptions(server().db, server().signals, new Date(now.getTime() + 60_000));

    const told = await notices(member, NOTIFICATION_TIPO.groupSubscription);
    expect(told.map((n) => [n.mensagem, n.dados])).toEqual([
      ['A tua subscrição do grupo Dicas Pagas termina em 2 dias', { grupo: 'Dicas Pagas', dias: 2, ate: end.toISOString() }],
    ]);
    expect(told[0]?.recurso).toEqual({ tipo: 'grupo', id: group.id });
    // The administrator's plan ends in 10 days; an open group has nothing to end.
    expect(await notices(admin, NOTIFICATION_TIPO.groupSubscription)).toEqual([]);
    expect(await notices(open.member, NOTIFICATION_TIPO.groupSubscription)).toEqual([]);

    const signals = server().signals.sent.slice(sentBefore).filter((s) => s.userIds.includes(member.id));
    expect(signals).toHaveLength(1);
    const sinal = signals[0]?.sinal;
    if (!sinal || !('notificacao' in sinal)) throw new Error('expected a notification signal');
    expect(webPublishOf(sinal).data.en?.body).toBe('Your subscription to the group Dicas Pagas ends in 2 days');

    // Renewed, then about to end again: told of the new end.
    const renewed = new Date(now.getTime() + 9 * DAY);
    await setExpiry(server(), group.id, [member.id], renewed.getTime());
    await tellEndingGroupSubscriptions(server().db, server().signals, new Date(now.getTime() + 2 * DAY));
    expect(await notices(member, NOTIFICATION_TIPO.groupSubscription)).toHaveLength(1);
    await tellEndingGroupSubscriptions(server().db, server().signals, new Date(renewed.getTime() - DAY / 2));
    const again = await notices(member, NOTIFICATION_TIPO.groupSubscription);
    expect(again.map((n) => n.mensagem)).toEqual(['A tua subscrição do grupo Dicas Pagas termina amanhã', 'A tua subscrição do grupo Dicas Pagas termina em 2 dias']);
  });

  it('describes a payment in the language of the host it was started on, as its EMIS page shows it', async () => {
    const creator = await newUser(server(), 'dono');
    const payer = await newUser(server(), 'paga');
    const group = await createGroup(creator, { nome: 'Kiala VIP', privado: true, planos: PRIVATE_PLANS });
    const start = async (host: string) => {
      const res = await server().app.request(`http://${host}${G}/${group.id}/subscrever/mensal`, {
        headers: { cookie: payer.cookie, host, 'x-requested-with': 'fichas' },
      });
      expect(res.status).toBe(200);
      const { id } = GroupSubscribeResponseSchema.parse(await res.json()).respostaEmis;
      return (await server().db.selectFrom('pagamentos').select('descricao').where('id', '=', id).executeTakeFirstOrThrow()).descricao;
    };
    expect(await start('en.localhost:8080')).toBe('Monthly subscription to the group Kiala VIP');
    expect(await start('localhost:8080')).toBe('Subscrição mensal do grupo Kiala VIP');
  });

  it("does not tell the demo user twice of the seeded Kiala VIP plan about to end (the seed's notice is the job's)", async () => {
    const demo = await server().db.selectFrom('usuarios').select('id').where('nome_usuario', '=', 'demo').executeTakeFirstOrThrow();
    await tellEndingGroupSubscriptions(server().db, server().signals, new Date());
    const told = await server()
      .db.selectFrom('notificacoes')
      .select('mensagem')
      .where('usuario_id', '=', demo.id)
      .where('tipo', '=', NOTIFICATION_TIPO.groupSubscription)
      .execute();
    expect(told.map((n) => n.mensagem)).toEqual(['A tua subscrição do grupo Kiala VIP termina em 2 dias']);
  });
});
