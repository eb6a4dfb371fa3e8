import 'fake-indexeddb/auto';
import './helpers/zone-less-awaits.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/instance.ts';
import { notificationsAtom, type NotificationItem } from '../../../src/state/notifications.ts';
import { groupAddPolicyAtom } from '../../../src/state/account.ts';
import { watch } from './helpers/watch-atom.ts';
import { answerGroupInvitation } from '../../../src/sync/resources/group-invitations.ts';
import { discardRejected } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { updateGroupAddPolicy } from '../../../src/sync/resources/privacy.ts';
import type { Notification } from '../../../contract/schemas/notifications.ts';

// What Notificações and Definições read of group invitations (state/notifications.ts, state/account.ts): a notice
// with Aceitar / Ignorar while it waits, the answer shown at once and kept over a refresh while it is on its way,
// a discarded answer putting the notice back; and who may add the user to groups, the default until the server says.

const me = { id: 'u-me', nome: 'Eu Mesmo', nomeUsuario: 'eu_mesmo', fotografia: null, role: 'usuario' as const };

function invite(id: string, groupId: string, convite: 'pendente' | 'aceite' | 'ignorado' = 'pendente'): Notification {
  return {
    id,
    tipo: 'grupoConvite',
    mensagem: 'Kiala convidou-te para o grupo Dicas',
    pagamentoId: null,
    sender: { id: 'u-kiala', nome: 'Kiala Tips', nomeUsuario: 'kiala_tips', fotografia: null },
    recurso: { tipo: 'grupo', id: groupId },
    lida: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    dados: { grupo: 'Dicas', convite },
  };
}

const invitationOf = (items: unknown, id: string) => (items as NotificationItem[]).find((n) => n.id === id)?.invitation;

beforeAll(async () => {
  await db.kv.put({ key: 'session', session: { user: { ...me }, expires: '2099-01-01T00:00:00.000Z' }, checkedAt: 1 });
});
beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.notifications.clear(), db.kv.delete('profile')]);
});
afterAll(async () => {
  await db.delete();
});

describe('a group invitation in Notificações', () => {
  it('waits for an answer, shows the answer at once and over a refresh, and waits again when the answer is discarded', async () => {
    await db.notifications.bulkPut([
      { id: 'n1', sortKey: '2', data: invite('n1', 'g1') },
      { id: 'n0', sortKey: '1', data: invite('n0', 'g1') },
      { id: 'n2', sortKey: '0', data: { ...invite('n2', 'g2'), tipo: 'novoSeguidor', recurso: null, dados: null } },
    ]);
    const view = watch(notificationsAtom);
    await expect.poll(() => invitationOf(view(), 'n1')).toEqual({ groupId: 'g1', state: 'pendente', answer: null });
    expect(invitationOf(view(), 'n2')).toBeNull();

    const mutationId = await answerGroupInvitation(db, { userId: me.id, groupId: 'g1', answer: 'aceitar' });
    const entry = await db.outbox.get(mutationId);
    expect(entry).toMatchObject({ method: 'POST', path: '/api/client/common/grupos/g1/aceitarConvite', kind: 'group.acceptInvitation' });
    // Both days' notices of the same invitation show the answer.
    await expect.poll(() => invitationOf(view(), 'n1')).toMatchObject({ state: 'aceite', answer: { sync: 'saved', error: null } });
    expect(invitationOf(view(), 'n0')).toMatchObject({ state: 'aceite' });

    // A refresh brings the server's notice (still waiting there): the answer on its way is what shows.
    await db.notifications.put({ id: 'n1', sortKey: '2', data: invite('n1', 'g1') });
    await expect.poll(() => invitationOf(view(), 'n1')).toMatchObject({ state: 'aceite' });

    await db.outbox.update(mutationId, { state: 'rejected', error: 'Este convite já não existe' });
    await expect.poll(() => invitationOf(view(), 'n1')).toMatchObject({ state: 'aceite', answer: { sync: 'rejected', error: 'Este convite já não existe' } });

    // Discarded: the optimistic answer is undone and the notice waits again.
    expect(await discardRejected(db, APPLIERS, mutationId)).toBe(true);
    await expect.poll(() => invitationOf(view(), 'n1')).toEqual({ groupId: 'g1', state: 'pendente', answer: null });
    expect(invitationOf(view(), 'n0')).toMatchObject({ state: 'pendente' });
  });

  it('ignoring goes to ignorarConvite and shows as ignored', async () => {
    await db.notifications.put({ id: 'n3', sortKey: '3', data: invite('n3', 'g3') });
    const view = watch(notificationsAtom);
    await answerGroupInvitation(db, { userId: me.id, groupId: 'g3', answer: 'ignorar' });
    expect((await db.outbox.toArray())[0]).toMatchObject({ path: '/api/client/common/grupos/g3/ignorarConvite', kind: 'group.ignoreInvitation' });
    await expect.poll(() => invitationOf(view(), 'n3')).toMatchObject({ state: 'ignorado' });
  });
});

describe('who may add me to groups', () => {
  it('is the default until the profile says otherwise, and a choice shows at once', async () => {
    const policy = watch(groupAddPolicyAtom);
    await db.kv.put({
      key: 'profile',
      value: {
        usuario: { ...me, conta: null, nif: { verificado: false }, banca: { amount: 0, trend: 'up' }, createdAt: '2026-01-01', email: 'eu@exemplo.ao', numeroTelemovel: null, telefoneVerificado: false },
        follows: { followers: 0, following: 0, socials: {} },
      },
    });
    await expect.poll(() => policy()).toBe('seguidos');
    const mutationId = await updateGroupAddPolicy(db, me.id, 'ninguem');
    await expect.poll(() => policy()).toBe('ninguem');
    expect(await db.outbox.get(mutationId)).toMatchObject({ method: 'PATCH', path: '/api/client/common/conta/privacidade', body: { adicionarGrupos: 'ninguem' } });
  });
});
