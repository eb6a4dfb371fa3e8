import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { GROUP_MAX_USERS, GroupResponseSchema, IgnoreInvitationResponseSchema } from '../../../contract/schemas/groups.ts';
import { NotificationListResponseSchema, type Notification } from '../../../contract/schemas/notifications.ts';
import { MyProfileResponseSchema, UpdatesResponseSchema } from '../../../contract/schemas/profile.ts';
import { AccountUpdateResponseSchema } from '../../../contract/schemas/settings.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { createGroup, G, PRIVATE_PLANS } from './helpers/social-groups.ts';
import { expectError, expectOk, expectReplay, idemKey, newUser, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

// Group invitations (docs/decisions.md "Group invitations and merged notifications"): nobody can put a stranger into a
// group, nor ring their phone again and again. A user chooses who may add them (everyone, people they follow: the
// default, nobody); anyone else sends an invitation that the user accepts (through the seats and the paywall, like any
// add) or ignores. Repeats are merged per day.

const C = '/api/client/common';
const P = `${C}/perfil`;
const N = `${C}/notificacoes`;

/** A user with the product's default setting (no privacidade row): 'seguidos'. */
const withDefault = (server: TestServer, prefix: string) => newUser(server, prefix, { adicionarGrupos: null });

async function notes(who: Actor): Promise<Notification[]> {
  return expectOk(await who.get(N), NotificationListResponseSchema).notificacoes;
}

async function membersOf(server: TestServer, groupId: string): Promise<string[]> {
  const rows = await server.db.selectFrom('grupo_membros').select('usuario_id').where('grupo_id', '=', groupId).execute();
  return rows.map((r) => r.usuario_id);
}

async function invitations(server: TestServer, groupId: string): Promise<string[]> {
  const rows = await server.db.selectFrom('grupo_convites').select('usuario_id').where('grupo_id', '=', groupId).execute();
  return rows.map((r) => r.usuario_id);
}

function add(by: Actor, groupId: string, who: Actor) {
  return by.get(`${G}/${groupId}/adicionarUsuario/${who.id}`, idemKey());
}

function setPolicy(who: Actor, adicionarGrupos: string) {
  return who.send('PATCH', `${C}/conta/privacidade`, { adicionarGrupos }, idemKey());
}

describeOnEachDb('group invitations: who may add me to a group', (server) => {
  it('by default a stranger cannot add me: the add is an invitation, told once per group a day, and says so', async () => {
    const [creator, target] = [await newUser(server(), 'criador'), await withDefault(server(), 'alvo')];
    const group = await createGroup(creator, { nome: 'Dicas do Girabola' });
    const sentBefore = server().signals.sent.length;
    const answer = expectOk(await add(creator, group.id, target), GroupResponseSchema);
    expect(answer).toMatchObject({ convite: true, message: MSG.groupInvitationSent });
    expect(answer.grupo.usuarios.map((u) => u.usuario.id)).not.toContain(target.id);
    expect(await membersOf(server(), group.id)).not.toContain(target.id);
    expect(await invitations(server(), group.id)).toEqual([target.id]);

    // Asking again and again the same day: still one invitation, one notification, one counter, one signal.
    for (let i = 0; i < 3; i += 1) expectOk(await add(creator, group.id, target), GroupResponseSchema);
    expect(await invitations(server(), group.id)).toEqual([target.id]);
    expect(server().signals.sent.slice(sentBefore).filter((s) => s.userIds.includes(target.id))).toHaveLength(1);
    const told = await notes(target);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      tipo: 'grupoConvite',
      sender: { id: creator.id },
      recurso: { tipo: 'grupo', id: group.id },
      dados: { grupo: 'Dicas do Girabola', convite: 'pendente' },
    });
    expect(expectOk(await target.get(`${P}/mostrarMeusUpdates`), UpdatesResponseSchema).updates.newNotification.count).toBe(1);
  });

  it("'seguidos' lets in the people I follow, 'todos' lets in anyone, 'ninguem' nobody (an invitation still comes)", async () => {
    const [creator, stranger] = [await newUser(server(), 'criador'), await newUser(server(), 'estranho')];
    const group = await createGroup(creator);
    const friend = await withDefault(server(), 'amigo');
    await friend.send('POST', `${P}/${creator.nomeUsuario}/seguir`, undefined, idemKey());
    expect(expectOk(await add(creator, group.id, friend), GroupResponseSchema).convite).toBeUndefined();
    expect(await membersOf(server(), group.id)).toContain(friend.id);

    const open = await withDefault(server(), 'aberto');
    expect(expectOk(await setPolicy(open, 'todos'), AccountUpdateResponseSchema).usuario.adicionarGrupos).toBe('todos');
    expectOk(await add(creator, group.id, open), GroupResponseSchema);
    expect(await membersOf(server(), group.id)).toContain(open.id);

    const closed = await withDefault(server(), 'fechado');
    await closed.send('POST', `${P}/${creator.nomeUsuario}/seguir`, undefined, idemKey());
    expectOk(await setPolicy(closed, 'ninguem'), AccountUpdateResponseSchema);
    expect(expectOk(await add(creator, group.id, closed), GroupResponseSchema).convite).toBe(true);
    expect(await membersOf(server(), group.id)).not.toContain(closed.id);
    expect(await invitations(server(), group.id)).toEqual([closed.id]);

    // An administrator's add is judged by whom the person follows: the administrator, not the creator.
    const admin = stranger;
    expectOk(await add(creator, group.id, admin), GroupResponseSchema);
    expectOk(await creator.get(`${G}/${group.id}/setAdmin/${admin.id}`, idemKey()), GroupResponseSchema);
    const fan = await withDefault(server(), 'fan');
    await fan.send('POST', `${P}/${creator.nomeUsuario}/seguir`, undefined, idemKey());
    expect(expectOk(await add(admin, group.id, fan), GroupResponseSchema).convite).toBe(true);
  });

  it('shows and changes the setting; anything else is refused', async () => {
    const who = await withDefault(server(), 'privado');
    expect(expectOk(await who.get(`${P}/mostrarMeuPerfil`), MyProfileResponseSchema).usuario.adicionarGrupos).toBe('seguidos');
    expect(expectOk(await setPolicy(who, 'ninguem'), AccountUpdateResponseSchema)).toMatchObject({ message: MSG.privacyUpdated });
    expect(expectOk(await who.get(`${P}/mostrarMeuPerfil`), MyProfileResponseSchema).usuario.adicionarGrupos).toBe('ninguem');
    expectError(await setPolicy(who, 'amigos'), 400, MSG.invalidRequest);
    expectError(await who.send('PATCH', `${C}/conta/privacidade`, {}, idemKey()), 400, MSG.invalidRequest);
    await expectReplay(server(), (key) => who.send('PATCH', `${C}/conta/privacidade`, { adicionarGrupos: 'todos' }, key));
  });

  it('a direct add, removed and added again the same day, tells the person once', async () => {
    const [creator, member] = [await newUser(server(), 'criador'), await newUser(server(), 'membro')];
    const group = await createGroup(creator);
    for (let i = 0; i < 3; i += 1) {
      expectOk(await add(creator, group.id, member), GroupResponseSchema);
      expectOk(await creator.get(`${G}/${group.id}/removerUsuario/${member.id}`, idemKey()), GroupResponseSchema);
    }
    expect((await notes(member)).map((n) => n.tipo)).toEqual(['grupoAdicionado']);
  });

  it('accepting joins the group as an ordinary member, and the notice says it was accepted', async () => {
    const [creator, target] = [await newUser(server(), 'criador'), await withDefault(server(), 'alvo')];
    const group = await createGroup(creator);
    expectOk(await add(creator, group.id, target), GroupResponseSchema);
    const creatorNotesBefore = (await notes(creator)).length;
    const joined = expectOk(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), GroupResponseSchema);
    expect(joined.message).toBe(MSG.groupInvitationAccepted);
    expect(joined.grupo.meuPapel).toBe('normal');
    expect(await membersOf(server(), group.id)).toContain(target.id);
    expect(await invitations(server(), group.id)).toEqual([]);
    expect((await notes(target))[0]?.dados).toMatchObject({ convite: 'aceite' });
    // Nobody else is told.
    expect(await notes(creator)).toHaveLength(creatorNotesBefore);
    // Once answered it is gone; an add while already a member is the usual refusal.
    expectError(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), 404, MSG.groupInvitationGone);
    expectError(await add(creator, group.id, target), 400, MSG.groupUserExists);
  });

  it('an invitation of someone who is a member by now answers 400; once they are removed it is no way back in', async () => {
    const [creator, target] = [await newUser(server(), 'criador'), await withDefault(server(), 'alvo')];
    const group = await createGroup(creator);
    expectOk(await add(creator, group.id, target), GroupResponseSchema);
    // Joined by the open group's own door meanwhile.
    expectOk(await target.get(`${G}/${group.id}/entrar`, idemKey()), GroupResponseSchema);
    expectError(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), 400, MSG.groupUserExists);
    expectOk(await creator.get(`${G}/${group.id}/removerUsuario/${target.id}`, idemKey()), GroupResponseSchema);
    expect(await invitations(server(), group.id)).toEqual([]);
    expectError(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), 404, MSG.groupInvitationGone);
  });

  it('accepting respects the 30 seats', async () => {
    const creator = await newUser(server(), 'cheio');
    const group = await createGroup(creator);
    const target = await withDefault(server(), 'alvo');
    expectOk(await add(creator, group.id, target), GroupResponseSchema);
    for (let i = 0; i < GROUP_MAX_USERS - 1; i += 1) expectOk(await add(creator, group.id, await newUser(server(), 'lugar')), GroupResponseSchema);
    expectError(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), 400, MSG.groupFull);
    expect(await membersOf(server(), group.id)).toHaveLength(GROUP_MAX_USERS - 1);
  });

  it('accepting an invitation to a private paid group does not skip the payment', async () => {
    const creator = await newUser(server(), 'vip');
    const group = await createGroup(creator, { nome: 'Dicas Pagas', privado: true, planos: PRIVATE_PLANS });
    const target = await withDefault(server(), 'alvo');
    expectOk(await add(creator, group.id, target), GroupResponseSchema);
    const joined = expectOk(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), GroupResponseSchema);
    expect(joined.grupo.mustPay).toBe(true);
    const row = await server().db.selectFrom('grupo_membros').select('expira_em').where('grupo_id', '=', group.id).where('usuario_id', '=', target.id).executeTakeFirst();
    expect(row?.expira_em).toBeNull();
    const read = await target.get(`${G}/${group.id}/mensagens`);
    expectError(read, 403, MSG.groupMustPay);
    expect(read.body).toMatchObject({ tipo: 'grupo', grupoId: group.id });
  });

  it('an invitation whose group is gone, whose inviter no longer manages the group, or that is old answers 404', async () => {
    const [creator, admin, target] = [await newUser(server(), 'criador'), await newUser(server(), 'admin'), await withDefault(server(), 'alvo')];
    const gone = await createGroup(creator);
    expectOk(await add(creator, gone.id, target), GroupResponseSchema);
    expect((await creator.send('DELETE', `${G}/${gone.id}/apagarGrupo`, undefined, idemKey())).status).toBe(200);
    expectError(await target.send('POST', `${G}/${gone.id}/aceitarConvite`, undefined, idemKey()), 404, MSG.groupGone);

    const group = await createGroup(creator);
    expectOk(await add(creator, group.id, admin), GroupResponseSchema);
    expectOk(await creator.get(`${G}/${group.id}/setAdmin/${admin.id}`, idemKey()), GroupResponseSchema);
    expectOk(await add(admin, group.id, target), GroupResponseSchema);
    expectOk(await creator.get(`${G}/${group.id}/unsetAdmin/${admin.id}`, idemKey()), GroupResponseSchema);
    expectError(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), 404, MSG.groupInvitationGone);
    expect(await membersOf(server(), group.id)).not.toContain(target.id);

    expectOk(await add(creator, group.id, target), GroupResponseSchema);
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await server().db.updateTable('grupo_convites').set({ created_at: old }).where('grupo_id', '=', group.id).execute();
    expectError(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), 404, MSG.groupInvitationGone);
  });

  it('ignoring removes the invitation quietly; a new one the same day shows the notice as waiting again', async () => {
    const [creator, target] = [await newUser(server(), 'criador'), await withDefault(server(), 'alvo')];
    const group = await createGroup(creator);
    expectOk(await add(creator, group.id, target), GroupResponseSchema);
    const sentBefore = server().signals.sent.length;
    const ignored = expectOk(await target.send('POST', `${G}/${group.id}/ignorarConvite`, undefined, idemKey()), IgnoreInvitationResponseSchema);
    expect(ignored.message).toBe(MSG.groupInvitationIgnored);
    expect(server().signals.sent.length).toBe(sentBefore);
    expect(await invitations(server(), group.id)).toEqual([]);
    expect((await notes(target))[0]?.dados).toMatchObject({ convite: 'ignorado' });
    expectError(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), 404, MSG.groupInvitationGone);
    // Ignoring what is not there is the same quiet answer.
    expectOk(await target.send('POST', `${G}/${group.id}/ignorarConvite`, undefined, idemKey()), IgnoreInvitationResponseSchema);

    expectOk(await add(creator, group.id, target), GroupResponseSchema);
    const after = await notes(target);
    expect(after).toHaveLength(1);
    expect(after[0]?.dados).toMatchObject({ convite: 'pendente' });
    expectOk(await target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, idemKey()), GroupResponseSchema);
  });

  it('replays an acceptance without changing anything', async () => {
    const [creator, target] = [await newUser(server(), 'criador'), await withDefault(server(), 'alvo')];
    const group = await createGroup(creator);
    expectOk(await add(creator, group.id, target), GroupResponseSchema);
    await expectReplay(server(), (key) => target.send('POST', `${G}/${group.id}/aceitarConvite`, undefined, key));
  });
});

describeOnEachDb(
  'per-user limits on the calls that tell someone else',
  (server) => {
    it('group adds, follows and reports answer 429 past their limit, with Retry-After', async () => {
      const creator = await newUser(server(), 'criador');
      const group = await createGroup(creator);
      for (let i = 0; i < 3; i += 1) expect((await add(creator, group.id, await withDefault(server(), 'alvo'))).status).toBe(200);
      const refused = await add(creator, group.id, await withDefault(server(), 'alvo'));
      expectError(refused, 429, MSG.tooManyAttempts);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another user's adds are their own count.
      const other = await newUser(server(), 'outro');
      expect((await add(other, (await createGroup(other)).id, await withDefault(server(), 'alvo'))).status).toBe(200);

      const fan = await newUser(server(), 'fan');
      for (let i = 0; i < 2; i += 1) expect((await fan.send('POST', `${P}/${(await newUser(server(), 'idolo')).nomeUsuario}/seguir`, undefined, idemKey())).status).toBe(200);
      expectError(await fan.send('POST', `${P}/${(await newUser(server(), 'idolo')).nomeUsuario}/seguir`, undefined, idemKey()), 429, MSG.tooManyAttempts);

      const reporter = await newUser(server(), 'denuncia');
      for (let i = 0; i < 2; i += 1) expect((await reporter.send('POST', `${C}/denuncias`, {}, idemKey())).status).not.toBe(429);
      expectError(await reporter.send('POST', `${C}/denuncias`, {}, idemKey()), 429, MSG.tooManyAttempts);
    });
  },
  { env: { RATE_LIMIT_GROUP_ADDS_USER: '3/1h', RATE_LIMIT_FOLLOWS_USER: '2/1h', RATE_LIMIT_REPORTS_USER: '2/1h' } },
);
