import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import {
  GroupListResponseSchema,
  GroupResponseSchema,
  GroupSchema,
  OFFICIAL_GROUP_IDS,
} from '../../../contract/schemas/groups.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, anonymous, expectError, expectOk, expectReplay, idemKey, newUser, PNG_1PX, pngOfSize } from './helpers/social.ts';
import { createGroup, G, groupWithRoles, PRIVATE_PLANS, setExpiry } from './helpers/social-groups.ts';

describeOnEachDb('groups: create, read, edit, delete, leave, join', (server) => {
  it('creates an open group (201) with the creator, normalised plans and no members', async () => {
    const creator = await newUser(server(), 'cria');
    const res = await creator.send('POST', `${G}/criarGrupo`, { nome: '  Golos   de Luanda ', privado: false, allowedSenders: true, imagem: PNG_1PX });
    const { grupo } = expectOk(res, GroupResponseSchema, 201);
    expect(grupo).toMatchObject({
      nome: 'Golos de Luanda',
      privado: false,
      allowedSenders: 'admins',
      usuarios: [],
      totalUsuarios: 1,
      mustPay: false,
      meuPapel: 'criador',
      oficial: false,
      criador: { id: creator.id, nomeUsuario: creator.nomeUsuario },
    });
    expect(grupo.planos).toEqual([
      { extensao: 'semanal', valor: 0 },
      { extensao: 'mensal', valor: 0 },
      { extensao: 'anual', valor: 0 },
    ]);
    // The image is served by URL, not inlined.
    expect(grupo.imagem).toMatch(new RegExp(`^/api/client/common/grupos/${grupo.id}/imagem\\?v=`));
    const image = await creator.raw(grupo.imagem ?? '', { method: 'GET' });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('creates a private group with plans between 500 and 1,000,000 Kz', async () => {
    const creator = await newUser(server(), 'cria');
    const grupo = await createGroup(creator, { nome: 'VIP', privado: true, planos: PRIVATE_PLANS });
    expect(grupo.privado).toBe(true);
    expect(grupo.planos.map((p) => p.valor)).toEqual([500, 1500, 15000]);
  });

  it.each([
    ['a name under 3 characters', { nome: 'ab' }, 400, MSG.groupName],
    ['a name over 50 characters', { nome: 'x'.repeat(51) }, 400, MSG.groupName],
    ['a blank name', { nome: '     ' }, 400, MSG.groupName],
    ['a private plan under 500 Kz', { privado: true, planos: [{ extensao: 'semanal', valor: 499 }, ...PRIVATE_PLANS.slice(1)] }, 400, MSG.groupPlanValue],
    ['a private plan over 1,000,000 Kz', { privado: true, planos: [...PRIVATE_PLANS.slice(0, 2), { extensao: 'anual', valor: 1_000_001 }] }, 400, MSG.groupPlanValue],
    ['a private group without plans', { privado: true }, 400, MSG.groupPlanValue],
    ['an image over 1,000,000 bytes', { imagem: pngOfSize(1_000_001) }, 413, MSG.imageTooHeavy],
    ['an image that is not an image', { imagem: 'data:image/png;base64,aGVsbG8gd29ybGQh' }, 400, MSG.imageProblem],
    ['an image that is a URL', { imagem: 'https://example.com/x.png' }, 400, MSG.imageProblem],
  ])('refuses %s', async (_label, overrides, status, message) => {
    const creator = await newUser(server(), 'cria');
    const res = await creator.send('POST', `${G}/criarGrupo`, { nome: 'Grupo Válido', privado: false, allowedSenders: false, ...overrides });
    expectError(res, status, message);
    const count = await server().db.selectFrom('grupos').select('id').where('criador_id', '=', creator.id).execute();
    expect(count).toHaveLength(0);
  });

  it('refuses a second group of one creator with the same name, case and spaces folded; another creator may use it', async () => {
    const [creator, other] = [await newUser(server(), 'cria'), await newUser(server(), 'outro')];
    await createGroup(creator, { nome: 'Os Craques do Ácido' });
    const again = await creator.send('POST', `${G}/criarGrupo`, { nome: '  os  CRAQUES do ácido ', privado: false, allowedSenders: false });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ status: 'error', message: MSG.groupNameTaken, campos: { nome: MSG.groupNameTaken } });
    const mine = await server().db.selectFrom('grupos').select('nome').where('criador_id', '=', creator.id).execute();
    expect(mine).toEqual([{ nome: 'Os Craques do Ácido' }]);
    expect((await createGroup(other, { nome: 'Os Craques do Ácido' })).nome).toBe('Os Craques do Ácido');
    expect((await createGroup(creator, { nome: 'Os Craques do Ácido 2' })).nome).toBe('Os Craques do Ácido 2');
  });

  it('refuses renaming a group to another of its creator\'s group names, and keeps its own name in any case', async () => {
    const creator = await newUser(server(), 'cria');
    const first = await createGroup(creator, { nome: 'Primeiro Grupo' });
    const second = await createGroup(creator, { nome: 'Segundo Grupo' });
    expectError(await creator.send('PATCH', `${G}/${second.id}/actualizarGrupo`, { nome: 'PRIMEIRO grupo' }), 400, MSG.groupNameTaken);
    const renamed = expectOk(await creator.send('PATCH', `${G}/${first.id}/actualizarGrupo`, { nome: 'primeiro grupo' }), GroupResponseSchema).grupo;
    expect(renamed.nome).toBe('primeiro grupo');
  });

  it('accepts an image of exactly 1,000,000 bytes', async () => {
    const creator = await newUser(server(), 'cria');
    const grupo = await createGroup(creator, { imagem: pngOfSize(1_000_000) });
    expect(grupo.imagem).not.toBeNull();
  });

  it.each([
    ['malformed JSON', '{"nome": "Gru'],
    ['a number as name', { nome: 12345, privado: false }],
    ['a string as privado', { nome: 'Grupo', privado: 'sim' }],
    ['an unknown plan name', { nome: 'Grupo', privado: true, planos: [{ extensao: 'diario', valor: 600 }] }],
    ['an array body', [1, 2, 3]],
  ])('answers 400 to %s', async (_label, body) => {
    const creator = await newUser(server(), 'cria');
    expectError(await creator.send('POST', `${G}/criarGrupo`, body), 400, MSG.invalidRequest);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const creator = await newUser(server(), 'cria');
    const res = await creator.raw(`${G}/criarGrupo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'nome=x' });
    expect(res.status).toBe(400);
  });

  it('shows a group with its members, their roles and expiry, and the caller place', async () => {
    const { group, creator, admin, member, outsider } = await groupWithRoles(server());
    const seen = expectOk(await outsider.get(`${G}/${group.id}`), GroupResponseSchema).grupo;
    expect(seen.usuarios.map((u) => [u.usuario.id, u.role])).toEqual([
      [admin.id, 'administrador'],
      [member.id, 'normal'],
    ]);
    expect(seen.totalUsuarios).toBe(3);
    expect(seen.meuPapel).toBeNull();
    expect(expectOk(await creator.get(`${G}/${group.id}`), GroupResponseSchema).grupo.meuPapel).toBe('criador');
    expect(expectOk(await admin.get(`${G}/${group.id}`), GroupResponseSchema).grupo.meuPapel).toBe('administrador');
    expect(expectOk(await member.get(`${G}/${group.id}`), GroupResponseSchema).grupo.meuPapel).toBe('normal');
  });

  it('answers 404 for an unknown or malformed group id', async () => {
    const user = await newUser(server());
    expectError(await user.get(`${G}/00000000-0000-4000-8000-000000000000`), 404, MSG.notFound);
    expectError(await user.get(`${G}/not-an-id`), 404, MSG.notFound);
    expectError(await user.get(`${G}/${'x'.repeat(5000)}`), 404);
  });

  it('edits name, privacy, senders, plans and image (creator and admin)', async () => {
    const { group, creator, admin } = await groupWithRoles(server());
    const res = await admin.send('PATCH', `${G}/${group.id}/actualizarGrupo`, {
      nome: 'Novo Nome',
      privado: true,
      allowedSenders: true,
      planos: PRIVATE_PLANS,
      imagem: PNG_1PX,
    });
    const updated = expectOk(res, GroupResponseSchema).grupo;
    expect(res.body.message).toBe(MSG.groupUpdated);
    expect(updated).toMatchObject({ nome: 'Novo Nome', privado: true, allowedSenders: 'admins' });
    expect(updated.imagem).not.toBeNull();
    // Sending back the image URL keeps the image; null removes it; absent fields keep their values.
    const kept = expectOk(await creator.send('PATCH', `${G}/${group.id}/actualizarGrupo`, { imagem: updated.imagem }), GroupResponseSchema).grupo;
    expect(kept.imagem?.split('?')[0]).toBe(updated.imagem?.split('?')[0]);
    expect(kept.nome).toBe('Novo Nome');
    const removed = expectOk(await creator.send('PATCH', `${G}/${group.id}/actualizarGrupo`, { imagem: null, allowedSenders: 'all' }), GroupResponseSchema).grupo;
    expect(removed.imagem).toBeNull();
    expect(removed.allowedSenders).toBe('all');
  });

  it.each([
    ['a short name', { nome: 'x' }, 400, MSG.groupName],
    ['going private with free plans', { privado: true }, 400, MSG.groupPlanValue],
    ['a heavy image', { imagem: pngOfSize(1_200_000) }, 413, MSG.imageTooHeavy],
    ['a plan under 500 on a private group', { privado: true, planos: [{ extensao: 'mensal', valor: 100 }] }, 400, MSG.groupPlanValue],
  ])('refuses an edit with %s and changes nothing', async (_label, body, status, message) => {
    const { group, creator } = await groupWithRoles(server());
    expectError(await creator.send('PATCH', `${G}/${group.id}/actualizarGrupo`, body), status, message);
    const after = expectOk(await creator.get(`${G}/${group.id}`), GroupResponseSchema).grupo;
    expect(after.nome).toBe(group.nome);
    expect(after.privado).toBe(false);
  });

  it('deletes a group with its messages (creator only)', async () => {
    const { group, creator, member } = await groupWithRoles(server());
    expect((await member.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'olá' })).status).toBe(201);
    const res = await creator.send('DELETE', `${G}/${group.id}/apagarGrupo`);
    expectOk(res, GroupListResponseSchema.pick({ status: true, message: true }));
    expect(res.body.message).toBe(MSG.groupDeleted);
    expectError(await creator.get(`${G}/${group.id}`), 404);
    const left = await server().db.selectFrom('mensagens').select('id').where('chat_id', '=', group.id).execute();
    expect(left).toHaveLength(0);
  });

  it('lets members leave but not the creator', async () => {
    const { group, creator, member } = await groupWithRoles(server());
    const res = await member.get(`${G}/${group.id}/sairDoGrupo`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.groupLeft);
    const after = expectOk(await member.get(`${G}/${group.id}`), GroupResponseSchema).grupo;
    expect(after.meuPapel).toBeNull();
    expectError(await creator.get(`${G}/${group.id}/sairDoGrupo`), 400, MSG.groupCreatorStays);
    expectError(await member.get(`${G}/${group.id}/sairDoGrupo`), 403, MSG.forbidden);
  });

  it('joins an open group; a private group is joined by subscribing', async () => {
    const { group, outsider, member } = await groupWithRoles(server());
    const joined = expectOk(await outsider.get(`${G}/${group.id}/entrar`), GroupResponseSchema).grupo;
    expect(joined.meuPapel).toBe('normal');
    expectError(await member.get(`${G}/${group.id}/entrar`), 400, MSG.groupUserExists);
    const vip = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    const refused = await vip.outsider.get(`${G}/${vip.group.id}/entrar`);
    expectError(refused, 403, MSG.groupPrivateJoin);
    expect(refused.body.tipo).toBe('grupo');
  });

  it('lists groups by tab: tudo (official first), subscricoes, meus', async () => {
    const { group, creator, member } = await groupWithRoles(server());
    const own = await createGroup(member, { nome: 'Do Membro' });
    const list = async (who: typeof member, tab: string) =>
      expectOk(await who.get(`${G}?gruposComponent=${tab}&pageNumber=1&size=250`), GroupListResponseSchema).grupos.map((g) => g.id);
    const all = await list(member, 'tudo');
    expect(all.slice(0, 2).sort()).toEqual([...OFFICIAL_GROUP_IDS].sort());
    expect(all).toEqual(expect.arrayContaining([group.id, own.id]));
    expect(await list(member, 'subscricoes')).toEqual([group.id]);
    expect(await list(member, 'meus')).toEqual([own.id]);
    expect(await list(creator, 'meus')).toEqual([group.id]);
    expect(await list(member, '')).toEqual(all);
    expectError(await member.get(`${G}?gruposComponent=outros`), 400, MSG.invalidRequest);
  });

  it('pages the group list with pageNumber and size and refuses bad paging', async () => {
    const user = await newUser(server());
    const first = expectOk(await user.get(`${G}?pageNumber=1&size=2`), GroupListResponseSchema).grupos;
    const second = expectOk(await user.get(`${G}?pageNumber=2&size=2`), GroupListResponseSchema).grupos;
    expect(first).toHaveLength(2);
    expect(second.length).toBeGreaterThan(0);
    expect(second.map((g) => g.id)).not.toContain(first[0]?.id);
    for (const query of ['size=0', 'size=251', 'pageNumber=0', 'pageNumber=abc', 'size=-1', 'size=1.5']) {
      expectError(await user.get(`${G}?${query}`), 400, MSG.invalidRequest);
    }
  });
});

describeOnEachDb('groups: members and roles', (server) => {
  it('adds a user once, notifies them, and refuses a second add', async () => {
    const { group, creator } = await groupWithRoles(server());
    const newcomer = await newUser(server(), 'novo');
    const added = expectOk(await creator.get(`${G}/${group.id}/adicionarUsuario/${newcomer.id}`), GroupResponseSchema).grupo;
    expect(added.usuarios.map((u) => u.usuario.id)).toContain(newcomer.id);
    expect(server().signals.sent.some((s) => s.userIds.includes(newcomer.id) && 'notificacao' in s.sinal)).toBe(true);
    expectError(await creator.get(`${G}/${group.id}/adicionarUsuario/${newcomer.id}`), 400, MSG.groupUserExists);
    expectError(await creator.get(`${G}/${group.id}/adicionarUsuario/${creator.id}`), 400, MSG.groupUserExists);
    expectError(await creator.get(`${G}/${group.id}/adicionarUsuario/00000000-0000-4000-8000-000000000000`), 404);
  });

  it('holds at most 30 users including the creator', async () => {
    const creator = await newUser(server(), 'cheio');
    const group = await createGroup(creator);
    const users = [];
    for (let i = 0; i < 30; i += 1) users.push(await newUser(server(), 'm'));
    for (const user of users.slice(0, 29)) {
      expect((await creator.get(`${G}/${group.id}/adicionarUsuario/${user.id}`)).status).toBe(200);
    }
    const full = expectOk(await creator.get(`${G}/${group.id}`), GroupResponseSchema).grupo;
    expect(full.totalUsuarios).toBe(30);
    expectError(await creator.get(`${G}/${group.id}/adicionarUsuario/${users[29]?.id}`), 400, MSG.groupFull);
    expectError(await users[29]!.get(`${G}/${group.id}/entrar`), 400, MSG.groupFull);
  });

  it('promotes, demotes and removes members; the creator cannot be touched', async () => {
    const { group, creator, admin, member } = await groupWithRoles(server());
    const promoted = expectOk(await admin.get(`${G}/${group.id}/setAdmin/${member.id}`), GroupResponseSchema).grupo;
    expect(promoted.usuarios.find((u) => u.usuario.id === member.id)?.role).toBe('administrador');
    const demoted = expectOk(await admin.get(`${G}/${group.id}/unsetAdmin/${member.id}`), GroupResponseSchema).grupo;
    expect(demoted.usuarios.find((u) => u.usuario.id === member.id)?.role).toBe('normal');
    for (const action of ['setAdmin', 'unsetAdmin', 'removerUsuario']) {
      expectError(await admin.get(`${G}/${group.id}/${action}/${creator.id}`), 400, MSG.groupCreatorProtected);
    }
    const removed = expectOk(await admin.get(`${G}/${group.id}/removerUsuario/${member.id}`), GroupResponseSchema).grupo;
    expect(removed.usuarios.map((u) => u.usuario.id)).not.toContain(member.id);
    for (const action of ['setAdmin', 'unsetAdmin', 'removerUsuario']) {
      expectError(await admin.get(`${G}/${group.id}/${action}/${member.id}`), 400, MSG.groupNotMember);
    }
  });

  /** SPEC §6: creator all; admin all but delete; member and non-member nothing (403); anonymous 401. */
  const MATRIX: [string, (ids: { group: string; target: string }) => { method: 'GET' | 'PATCH' | 'DELETE'; path: string; body?: unknown }, Record<'creator' | 'admin' | 'member' | 'outsider', number>][] = [
    ['edit', ({ group }) => ({ method: 'PATCH', path: `${G}/${group}/actualizarGrupo`, body: { nome: 'Editado' } }), { creator: 200, admin: 200, member: 403, outsider: 403 }],
    ['delete', ({ group }) => ({ method: 'DELETE', path: `${G}/${group}/apagarGrupo` }), { creator: 200, admin: 403, member: 403, outsider: 403 }],
    ['add a user', ({ group, target }) => ({ method: 'GET', path: `${G}/${group}/adicionarUsuario/${target}` }), { creator: 200, admin: 200, member: 403, outsider: 403 }],
    ['remove a member', ({ group, target }) => ({ method: 'GET', path: `${G}/${group}/removerUsuario/${target}` }), { creator: 200, admin: 200, member: 403, outsider: 403 }],
    ['promote a member', ({ group, target }) => ({ method: 'GET', path: `${G}/${group}/setAdmin/${target}` }), { creator: 200, admin: 200, member: 403, outsider: 403 }],
    ['demote a member', ({ group, target }) => ({ method: 'GET', path: `${G}/${group}/unsetAdmin/${target}` }), { creator: 200, admin: 200, member: 403, outsider: 403 }],
    ['leave', ({ group }) => ({ method: 'GET', path: `${G}/${group}/sairDoGrupo` }), { creator: 400, admin: 200, member: 200, outsider: 403 }],
    ['read', ({ group }) => ({ method: 'GET', path: `${G}/${group}` }), { creator: 200, admin: 200, member: 200, outsider: 200 }],
    ['read messages', ({ group }) => ({ method: 'GET', path: `${G}/${group}/mensagens` }), { creator: 200, admin: 200, member: 200, outsider: 200 }],
  ];

  for (const [label, call, expected] of MATRIX) {
    for (const role of ['creator', 'admin', 'member', 'outsider', 'anonymous'] as const) {
      const status = role === 'anonymous' ? 401 : expected[role];
      it(`${role} → ${label}: ${status}`, async () => {
        const cast = await groupWithRoles(server());
        // The target of member actions is a second ordinary member, so "remove" and "promote" have someone to act on.
        const target = await newUser(server(), 'alvo');
        const addTarget = label === 'add a user' ? null : await cast.creator.get(`${G}/${cast.group.id}/adicionarUsuario/${target.id}`);
        if (addTarget) expect(addTarget.status).toBe(200);
        const who = role === 'anonymous' ? anonymous(server()) : cast[role];
        const { method, path, body } = call({ group: cast.group.id, target: target.id });
        const res = method === 'GET' ? await who.get(path) : await who.send(method, path, body);
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        if (status === 403) expect(res.body).toEqual({ status: 'error', message: MSG.forbidden });
        if (status === 401) expect(res.body).toEqual({ status: 'error', message: MSG.unauthenticated });
      });
    }
  }

  it('sending: creator, admin and members post (201); non-members must join first; admins-only groups', async () => {
    const { group, creator, admin, member, outsider } = await groupWithRoles(server());
    for (const who of [creator, admin, member]) {
      expect((await who.send('POST', `${G}/${group.id}/mensagens`, { mensagem: `olá de ${who.nomeUsuario}` })).status).toBe(201);
    }
    expectError(await outsider.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'olá' }), 403, MSG.groupJoinFirst);
    expectError(await anonymous(server()).send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'olá' }), 401);
    await creator.send('PATCH', `${G}/${group.id}/actualizarGrupo`, { allowedSenders: true });
    expectError(await member.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'olá' }), 403, MSG.groupAdminsOnly);
    expect((await admin.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'só admins' })).status).toBe(201);
    expect((await creator.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'criador' })).status).toBe(201);
  });
});

describeOnEachDb('groups: the paywall (mustPay, SPEC §4)', (server) => {
  const mustPayOf = async (who: Awaited<ReturnType<typeof newUser>>, groupId: string) =>
    expectOk(await who.get(`${G}/${groupId}`), GroupResponseSchema).grupo.mustPay;

  it('is false for everyone on an open group', async () => {
    const { group, creator, member, outsider } = await groupWithRoles(server());
    for (const who of [creator, member, outsider]) expect(await mustPayOf(who, group.id)).toBe(false);
  });

  it('on a private group: true without a membership, with an expired or invalid expiry; false with a future one', async () => {
    const { group, creator, member, admin, outsider } = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    expect(await mustPayOf(creator, group.id)).toBe(false);
    expect(await mustPayOf(member, group.id)).toBe(false);
    expect(await mustPayOf(outsider, group.id)).toBe(true);
    await setExpiry(server(), group.id, [member.id], Date.now() - 1000);
    expect(await mustPayOf(member, group.id)).toBe(true);
    await setExpiry(server(), group.id, [member.id], 'não é uma data');
    expect(await mustPayOf(member, group.id)).toBe(true);
    await setExpiry(server(), group.id, [admin.id], null);
    expect(await mustPayOf(admin, group.id)).toBe(true);
  });

  it('exempts the official account and the two official groups', async () => {
    const { group } = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    const official = await actor(server(), 'fichasoficial');
    expect(await mustPayOf(official, group.id)).toBe(false);
    const stranger = await newUser(server(), 'estranho');
    for (const id of OFFICIAL_GROUP_IDS) {
      const grupo = expectOk(await stranger.get(`${G}/${id}`), GroupResponseSchema).grupo;
      expect(grupo.oficial).toBe(true);
      expect(grupo.mustPay).toBe(false);
    }
    // The second official group is private with plans, and still free to read.
    const vip = expectOk(await stranger.get(`${G}/${OFFICIAL_GROUP_IDS[1]}`), GroupResponseSchema).grupo;
    expect(vip.privado).toBe(true);
    expect((await stranger.get(`${G}/${OFFICIAL_GROUP_IDS[1]}/mensagens`)).status).toBe(200);
  });

  it('a paying-required user can neither read nor send (403 with tipo and message)', async () => {
    const { group, member, outsider } = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    await setExpiry(server(), group.id, [member.id], Date.now() - 60_000);
    for (const who of [member, outsider]) {
      for (const res of [await who.get(`${G}/${group.id}/mensagens`), await who.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'olá' })]) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ status: 'error', tipo: 'grupo', message: MSG.groupMustPay });
      }
    }
  });

  it('the group list carries mustPay per group for the caller', async () => {
    const { group, outsider } = await groupWithRoles(server(), { privado: true, planos: PRIVATE_PLANS });
    const list = expectOk(await outsider.get(`${G}?size=250`), GroupListResponseSchema).grupos;
    expect(list.find((g) => g.id === group.id)?.mustPay).toBe(true);
  });
});

describeOnEachDb('groups: idempotent replays', (server) => {
  it('a replayed creation returns the same group and creates one', async () => {
    const creator = await newUser(server(), 'replay');
    const key = idemKey();
    const body = { nome: 'Uma Vez', privado: false, allowedSenders: false };
    const first = await creator.send('POST', `${G}/criarGrupo`, body, key);
    const second = await creator.send('POST', `${G}/criarGrupo`, body, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const rows = await server().db.selectFrom('grupos').select('id').where('criador_id', '=', creator.id).execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['edit', 'PATCH', (g: string) => `${G}/${g}/actualizarGrupo`, { nome: 'Uma Edição' }],
    ['add', 'GET', (g: string, t: string) => `${G}/${g}/adicionarUsuario/${t}`, undefined],
    ['promote', 'GET', (g: string, t: string) => `${G}/${g}/setAdmin/${t}`, undefined],
    ['demote', 'GET', (g: string, t: string) => `${G}/${g}/unsetAdmin/${t}`, undefined],
    ['remove', 'GET', (g: string, t: string) => `${G}/${g}/removerUsuario/${t}`, undefined],
    ['send a message', 'POST', (g: string) => `${G}/${g}/mensagens`, { mensagem: 'uma só vez' }],
    ['leave', 'GET', (g: string) => `${G}/${g}/sairDoGrupo`, undefined],
    ['join', 'GET', (g: string) => `${G}/${g}/entrar`, undefined],
    ['delete', 'DELETE', (g: string) => `${G}/${g}/apagarGrupo`, undefined],
  ] as const)('replaying "%s" answers the same and changes nothing', async (label, method, path, body) => {
    const { group, creator, member, outsider } = await groupWithRoles(server());
    const target = await newUser(server(), 'alvo');
    if (label !== 'add') await creator.get(`${G}/${group.id}/adicionarUsuario/${target.id}`);
    const who = label === 'join' ? outsider : label === 'leave' || label === 'send a message' ? member : creator;
    const url = path(group.id, target.id);
    await expectReplay(server(), (key) => (method === 'GET' ? who.get(url, key) : who.send(method, url, body, key)));
  });

  it('a refused call is not stored: the same key is decided afresh', async () => {
    const { group, creator, member } = await groupWithRoles(server());
    const key = idemKey();
    expectError(await member.send('PATCH', `${G}/${group.id}/actualizarGrupo`, { nome: 'Tentativa' }, key), 403);
    await creator.get(`${G}/${group.id}/setAdmin/${member.id}`);
    const second = await member.send('PATCH', `${G}/${group.id}/actualizarGrupo`, { nome: 'Tentativa' }, key);
    expect(GroupSchema.parse(second.body.grupo).nome).toBe('Tentativa');
  });
});
