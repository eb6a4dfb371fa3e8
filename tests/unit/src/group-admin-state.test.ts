import 'fake-indexeddb/auto';
import './helpers/zone-less-awaits.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Atom } from 'jotai';
import { db } from '../../../src/db/instance.ts';
import type { OutboxEntry } from '../../../src/db/outbox-types.ts';
import { groupAdminAtom, groupPermissions, waitForEntry, type GroupAdminView } from '../../../src/state/group-admin.ts';
import { PENDING, type Pending } from '../../../src/state/live-atom.ts';
import { addGroupMember } from '../../../src/sync/resources/group-admin.ts';
import { editGroup } from '../../../src/sync/resources/social-actions.ts';
import { GROUP_MAX_USERS, type GroupMember, type GroupSummary } from '../../../contract/schemas/groups.ts';
import type { PublicUser } from '../../../contract/schemas/auth.ts';

// The group drawer's view (state/group-admin.ts): the members as stored, with every member change still in the outbox
// on its row (a person being added is named from the users seen, even after a pull replaced the member rows), the
// 30-user cap, the controls each role may use (SPEC §6), and how an edit's end is followed for its toast.

const person = (id: string, nome: string): PublicUser => ({ id, nome, nomeUsuario: nome.toLowerCase(), fotografia: null, role: 'usuario' });
const ana = person('u1', 'Ana');
const joana = person('u2', 'Joana');
const paulo = person('u3', 'Paulo');
const GROUP_ID = 'g1';

const group: GroupSummary = {
  id: GROUP_ID,
  nome: 'Dicas Pagas',
  imagem: null,
  privado: true,
  allowedSenders: 'all',
  planos: [
    { extensao: 'semanal', valor: 500 },
    { extensao: 'mensal', valor: 1500 },
    { extensao: 'anual', valor: 12000 },
  ],
  criador: ana,
  banca: { amount: 0, trend: 'up' },
  lastMessage: null,
  lastMessageAt: null,
  lastSender: null,
  createdAt: '2026-11-21T20:00:00.000Z',
  mustPay: false,
  oficial: false,
  meuPapel: 'criador',
  totalUsuarios: 2,
};

const member = (usuario: PublicUser, role: GroupMember['role'] = 'normal'): { groupId: string; userId: string; data: GroupMember } => ({
  groupId: GROUP_ID,
  userId: usuario.id,
  data: { usuario, role, expiraEm: '2026-12-01T00:00:00.000Z' },
});

function watch(atom: Atom<GroupAdminView | Pending>) {
  const store = createStore();
  const failures: string[] = [];
  const read = () => {
    try {
      return store.get(atom);
    } catch (error) {
      return error instanceof Error ? error.name : String(error);
    }
  };
  store.sub(atom, () => {
    const value = read();
    if (typeof value === 'string') failures.push(value);
  });
  const view = () => {
    const value = read();
    return value === PENDING || typeof value === 'string' ? null : value;
  };
  return { view, failures };
}

beforeAll(async () => {
  await db.kv.put({ key: 'session', session: { user: { ...ana, role: 'usuario' }, expires: '2099-01-01T00:00:00.000Z' }, checkedAt: 1 });
});
beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.groups.clear(), db.groupMembers.clear(), db.users.clear()]);
});
afterAll(async () => {
  await db.delete();
});

describe('the drawer view of a group', () => {
  it('lists the creator first, shows member changes waiting to be sent, and keeps a person being added after a pull', async () => {
    await db.groups.put({ id: GROUP_ID, lastMessageAt: group.createdAt, data: group });
    await db.groupMembers.put(member(joana));
    const drawer = watch(groupAdminAtom(GROUP_ID));
    await expect.poll(() => drawer.view()?.members.map((row) => `${row.usuario.nome}:${row.role}`)).toEqual(['Ana:criador', 'Joana:normal']);
    expect(drawer.view()?.can).toEqual({ edit: true, manageMembers: true, delete: true, leave: false });

    await addGroupMember(db, { userId: ana.id, groupId: GROUP_ID, member: paulo });
    await editGroup(db, { userId: ana.id, groupId: GROUP_ID, edit: { kind: 'group.setAdmin', memberId: joana.id } });
    await expect.poll(() => drawer.view()?.members.map((row) => `${row.usuario.nome}:${row.pending?.change ?? '-'}:${row.pending?.sync ?? '-'}`)).toEqual([
      'Ana:-:-',
      'Joana:promote:saved',
      'Paulo:add:saved',
    ]);
    expect(drawer.view()?.group?.sync).toBe('saved');
    expect([...(drawer.view()?.memberIds ?? [])].sort()).toEqual([ana.id, joana.id, paulo.id]);
    expect(drawer.view()?.userCount).toBe(3);

    // A pull of the group's detail replaces the member rows with the server's (Paulo is not there yet).
    await db.groupMembers.where('groupId').equals(GROUP_ID).delete();
    await db.groupMembers.put(member(joana));
    await expect.poll(() => drawer.view()?.members.map((row) => row.usuario.nome)).toEqual(['Ana', 'Joana', 'Paulo']);

    // Refused: the row says so with the server's reason.
    const promotion = (await db.outbox.toArray()).find((queued) => queued.kind === 'group.setAdmin');
    await db.outbox.update(promotion?.mutationId ?? 0, { state: 'rejected', error: 'Não tens permissão para esta acção' });
    await expect.poll(() => drawer.view()?.members.find((row) => row.usuario.id === joana.id)?.pending).toEqual({
      change: 'promote',
      sync: 'rejected',
      error: 'Não tens permissão para esta acção',
    });

    // Acknowledged: the entries are gone and the server's members are stored.
    await db.outbox.clear();
    await db.groupMembers.bulkPut([member(joana, 'administrador'), member(paulo)]);
    await expect.poll(() => drawer.view()?.members.map((row) => `${row.usuario.nome}:${row.role}:${row.pending ? 'pending' : 'done'}`)).toEqual([
      'Ana:criador:done',
      'Joana:administrador:done',
      'Paulo:normal:done',
    ]);
    expect(drawer.failures).toEqual([]);
  });

  it('is full at 30 users, the creator and people being added included', async () => {
    await db.groups.put({ id: GROUP_ID, lastMessageAt: group.createdAt, data: { ...group, totalUsuarios: GROUP_MAX_USERS - 1 } });
    await db.groupMembers.bulkPut(Array.from({ length: GROUP_MAX_USERS - 2 }, (_, index) => member(person(`m${index}`, `Membro ${index}`))));
    const drawer = watch(groupAdminAtom(GROUP_ID));
    await expect.poll(() => drawer.view()?.userCount).toBe(GROUP_MAX_USERS - 1);
    expect(drawer.view()?.full).toBe(false);
    await addGroupMember(db, { userId: ana.id, groupId: GROUP_ID, member: paulo });
    await expect.poll(() => drawer.view()?.full).toBe(true);
  });
});

describe('what each place in a group may do (SPEC §6)', () => {
  it.each([
    ['criador', { edit: true, manageMembers: true, delete: true, leave: false }],
    ['administrador', { edit: true, manageMembers: true, delete: false, leave: true }],
    ['normal', { edit: false, manageMembers: false, delete: false, leave: true }],
    [null, { edit: false, manageMembers: false, delete: false, leave: false }],
  ] as const)('%s', (role, expected) => {
    expect(groupPermissions(role)).toEqual(expected);
  });
});

describe('following a group edit to its toast', () => {
  const entry = (mutationId: number): OutboxEntry => ({
    mutationId,
    clientId: 'c1',
    userId: ana.id,
    kind: 'group.update',
    method: 'PATCH',
    path: `/api/client/common/grupos/${GROUP_ID}/actualizarGrupo`,
    body: { nome: 'Novo nome' },
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    rejection: null,
    createdAt: Date.now(),
    ref: { table: 'groups', id: GROUP_ID },
  });

  it('ends as sent once the server acknowledged it (the entry is gone), through a transient failure', async () => {
    await db.outbox.put(entry(101));
    const outcome = waitForEntry(101);
    await db.outbox.update(101, { state: 'sending' });
    await db.outbox.update(101, { state: 'pending', attempts: 1, error: 'Talvez tenha um problema na sua conexão' });
    await db.outbox.delete(101);
    await expect(outcome).resolves.toEqual({ kind: 'sent' });
  });

  it('ends as refused with the server message', async () => {
    await db.outbox.put(entry(102));
    const outcome = waitForEntry(102);
    await db.outbox.update(102, { state: 'rejected', error: 'Verifica o nome do grupo, usa até 50 caracteres' });
    await expect(outcome).resolves.toEqual({ kind: 'rejected', message: 'Verifica o nome do grupo, usa até 50 caracteres' });
  });
});
