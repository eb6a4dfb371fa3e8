import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { MessageListResponseSchema, MessageResponseSchema } from '../../../contract/schemas/chats.ts';
import { newId } from '../../../server/lib/ids.ts';
import { LIST } from '../../../server/db/list-place.ts';
import { takePlace } from './helpers/list-place.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, expectError, expectOk, expectReplay, newUser, type Actor } from './helpers/social.ts';
import { G, groupWithRoles, PRIVATE_PLANS, setExpiry } from './helpers/social-groups.ts';
import type { TestServer } from './helpers/test-server.ts';

const C = '/api/client/common/conversas';

async function slip(server: TestServer, owner: Actor, hidden = false): Promise<string> {
  const id = newId();
  const { seq, createdAt: now } = await takePlace(server.db, LIST.slips);
  await server.db
    .insertInto('fichas')
    .values({ id, usuario_id: owner.id, valor: 100, estado: 'pending', oculta: hidden ? 1 : 0, odds_change: 0, created_at: now, seq, settled_at: null, updated_at: now })
    .execute();
  return id;
}

async function conversation(a: Actor, b: Actor): Promise<string> {
  const res = await a.get(`${C}/com/${b.nomeUsuario}`);
  return (res.body.conversa as { id: string }).id;
}

const q = (id: string) => `resourceType=ficha&resourceId=${id}`;

describeOnEachDb('sharing a slip into a chat, a group or a room', (server) => {
  it('shares into a conversation: a message carrying the slip, the recipient told', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const chat = await conversation(ana, beto);
    const fichaId = await slip(server(), ana);
    const sentBefore = server().signals.sent.length;
    const res = await ana.get(`${C}/${chat}/shareToChat?${q(fichaId)}`);
    const { mensagem } = expectOk(res, MessageResponseSchema);
    expect(res.body.message).toBe(MSG.shareSuccess);
    expect(mensagem).toMatchObject({ chatType: 'conversa', chatId: chat, recurso: { tipo: 'ficha', id: fichaId } });
    expect(server().signals.sent.slice(sentBefore).map((s) => s.userIds)).toEqual([[beto.id]]);
    const list = expectOk(await beto.get(`${C}/${chat}/mensagens`), MessageListResponseSchema).mensagens;
    expect(list[0]?.recurso).toEqual({ tipo: 'ficha', id: fichaId });
  });

  it("shares someone else's public slip, never a hidden one", async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const chat = await conversation(ana, beto);
    const publicSlip = await slip(server(), beto);
    const hiddenSlip = await slip(server(), beto, true);
    expect((await ana.get(`${C}/${chat}/shareToChat?${q(publicSlip)}`)).status).toBe(200);
    expectError(await ana.get(`${C}/${chat}/shareToChat?${q(hiddenSlip)}`), 404, MSG.shareFailed);
    // The owner may share their own hidden slip.
    expect((await beto.get(`${C}/${chat}/shareToChat?${q(hiddenSlip)}`)).status).toBe(200);
  });

  it.each([
    ['an unknown slip', (id: string) => q(newId()) + id.slice(0, 0), 404],
    ['another resource type', (id: string) => `resourceType=grupo&resourceId=${id}`, 400],
    ['no resource id', () => 'resourceType=ficha', 400],
    ['no parameters', () => '', 400],
  ])('refuses %s with "Erro ao partilhar"', async (_label, query, status) => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const chat = await conversation(ana, beto);
    const fichaId = await slip(server(), ana);
    expectError(await ana.get(`${C}/${chat}/shareToChat?${query(fichaId)}`), status, MSG.shareFailed);
  });

  it('needs the right to post: not in a stranger conversation, not in a paywalled group', async () => {
    const [ana, beto, intruso] = [await newUser(server(), 'ana'), await newUser(server(), 'beto'), await newUser(server(), 'intruso')];
    const chat = await conversation(ana, beto);
    const fichaId = await slip(server(), intruso);
    const res = await intruso.get(`${C}/${chat}/shareToChat?${q(fichaId)}`);
    expectError(res, 403, MSG.shareFailed);
    const vip = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    await setExpiry(server(), vip.group.id, [vip.member.id], Date.now() - 1000);
    const memberSlip = await slip(server(), vip.member);
    const paywalled = await vip.member.get(`${G}/${vip.group.id}/shareToGroup?${q(memberSlip)}`);
    expectError(paywalled, 403, MSG.shareFailed);
    expect(paywalled.body.tipo).toBe('grupo');
    expectError(await anonymous(server()).get(`${C}/${chat}/shareToChat?${q(fichaId)}`), 401);
    expectError(await ana.get(`${C}/00000000-0000-4000-8000-000000000000/shareToChat?${q(fichaId)}`), 404, MSG.shareFailed);
  });

  it('shares into a group: the other members are told and their newGroupMessage rises', async () => {
    const { group, creator, admin, member } = await groupWithRoles(server());
    const fichaId = await slip(server(), member);
    const sentBefore = server().signals.sent.length;
    const { mensagem } = expectOk(await member.get(`${G}/${group.id}/shareToGroup?${q(fichaId)}`), MessageResponseSchema);
    expect(mensagem).toMatchObject({ chatType: 'grupo', recurso: { tipo: 'ficha', id: fichaId } });
    const told = server().signals.sent.slice(sentBefore);
    expect(told).toHaveLength(1);
    expect([...(told[0]?.userIds ?? [])].sort()).toEqual([creator.id, admin.id].sort());
    const list = expectOk(await creator.get(`${G}/${group.id}/mensagens`), MessageListResponseSchema).mensagens;
    expect(list[0]?.mensagem).toBe('');
    expect(list[0]?.recurso?.id).toBe(fichaId);
  });

  it('shares into a room by event id', async () => {
    const event = await server().db.selectFrom('eventos').select('id').where('status', '=', 'NS').orderBy('date').executeTakeFirstOrThrow();
    const ana = await newUser(server(), 'ana');
    const fichaId = await slip(server(), ana);
    const { mensagem } = expectOk(await ana.get(`/api/client/common/grupos/salas/${event.id}/shareToRoom?${q(fichaId)}`), MessageResponseSchema);
    expect(mensagem).toMatchObject({ chatType: 'sala', recurso: { tipo: 'ficha', id: fichaId } });
    expectError(await ana.get(`/api/client/common/grupos/salas/nao-existe/shareToRoom?${q(fichaId)}`), 404, MSG.shareFailed);
  });

  it('each share replays without posting twice', async () => {
    const { group, member, creator } = await groupWithRoles(server());
    const fichaId = await slip(server(), member);
    await expectReplay(server(), (key) => member.get(`${G}/${group.id}/shareToGroup?${q(fichaId)}`, key));
    const chat = await conversation(member, creator);
    await expectReplay(server(), (key) => member.get(`${C}/${chat}/shareToChat?${q(fichaId)}`, key));
    const event = await server().db.selectFrom('eventos').select('id').where('status', '=', 'NS').orderBy('date').executeTakeFirstOrThrow();
    await expectReplay(server(), (key) => member.get(`/api/client/common/grupos/salas/${event.id}/shareToRoom?${q(fichaId)}`, key));
  });
});
