import 'fake-indexeddb/auto';
import './helpers/zone-less-awaits.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/instance.ts';
import { profileAtom, type ProfileView } from '../../../src/state/profile.ts';
import { commentsAtom, type CommentItem } from '../../../src/state/comments.ts';
import { watch } from './helpers/watch-atom.ts';
import { followUser } from '../../../src/sync/resources/profile.ts';
import { sendComment } from '../../../src/sync/resources/comments.ts';
import type { UserSeen } from '../../../src/db/mirror-types.ts';

// What the profile and comment screens read (state/profile.ts, state/comments.ts): someone's profile with the follow
// change waiting on it (SPEC §4 Follow button), one's own from mostrarMeuPerfil, and comments newest first with the
// state of one's own.

const me = { id: 'u-me', nome: 'Eu Mesmo', nomeUsuario: 'eu_mesmo', fotografia: null, role: 'usuario' as const };
const kiala: UserSeen = {
  id: 'u-kiala',
  nome: 'Kiala Tips',
  nomeUsuario: 'kiala_tips',
  fotografia: null,
  role: 'usuario',
  conta: null,
  nif: { verificado: true },
  banca: { amount: 48_000, trend: 'down' },
  createdAt: '2026-01-01T00:00:00.000Z',
  isFollowing: false,
  follows: { followers: 7, following: 2, socials: {} },
};

beforeAll(async () => {
  await db.kv.put({ key: 'session', session: { user: { ...me }, expires: '2099-01-01T00:00:00.000Z' }, checkedAt: 1 });
});
beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.users.clear(), db.messages.clear(), db.kv.delete('profile')]);
});
afterAll(async () => {
  await db.delete();
});

describe('the profile view', () => {
  it("shows someone's profile, then a follow waiting on this phone, then a refusal with the server's reason", async () => {
    await db.users.put({ id: kiala.id, nomeUsuario: kiala.nomeUsuario, data: kiala, seenAt: Date.now() });
    const view = watch<ProfileView | undefined>(profileAtom('Kiala_Tips'));
    await expect.poll(() => view()).toMatchObject({
      nomeUsuario: 'kiala_tips',
      verified: true,
      official: false,
      banca: { amount: 48_000, trend: 'down' },
      follows: { followers: 7, following: 2 },
      isFollowing: false,
      own: false,
      change: null,
    });
    const mutationId = await followUser(db, { userId: me.id, target: { id: kiala.id, nomeUsuario: kiala.nomeUsuario }, follow: true });
    await expect.poll(() => view()).toMatchObject({ isFollowing: true, follows: { followers: 8 }, change: { mutationId, follow: true, sync: 'saved' } });
    await db.outbox.update(mutationId, { state: 'rejected', error: 'Não encontrado' });
    await expect.poll(() => (view() as ProfileView | undefined)?.change).toEqual({ mutationId, follow: true, sync: 'rejected', error: 'Não encontrado' });
    await db.outbox.clear();
    await expect.poll(() => (view() as ProfileView | undefined)?.change).toBeNull();
  });

  it('is undefined for a handle never seen here, and my own comes from mostrarMeuPerfil', async () => {
    const none = watch<ProfileView | undefined>(profileAtom('ninguem'));
    await expect.poll(() => none()).toBeUndefined();
    await db.kv.put({
      key: 'profile',
      value: {
        usuario: { ...me, conta: null, nif: { verificado: false }, banca: { amount: 100, trend: 'up' }, createdAt: '2026-01-01', email: 'eu@exemplo.ao', numeroTelemovel: null, telefoneVerificado: false },
        follows: { followers: 3, following: 4, socials: { instagram: '@eu' } },
      },
    });
    const own = watch<ProfileView | undefined>(profileAtom(me.nomeUsuario));
    await expect.poll(() => own()).toMatchObject({ own: true, follows: { followers: 3, following: 4 }, socials: { instagram: '@eu' }, change: null });
  });
});

describe('the comment list', () => {
  it('reads newest first, with my comment waiting on this phone on top', async () => {
    const chatKey = 'ficha:f1' as const;
    await db.messages.bulkPut(
      ['2026-11-20T10:00:00.000Z', '2026-11-21T10:00:00.000Z'].map((createdAt, index) => ({
        id: `c${index}`,
        chatKey,
        sortKey: `${createdAt}|c${index}`,
        senderId: kiala.id,
        sender: { nome: kiala.nome, nomeUsuario: kiala.nomeUsuario },
        mensagem: `comentário ${index}`,
        imagens: [],
        createdAt,
      })),
    );
    await sendComment(db, { userId: me.id, fichaId: 'f1', texto: 'o meu', author: { nome: me.nome, nomeUsuario: me.nomeUsuario } });
    const list = watch<CommentItem[]>(commentsAtom('f1', 2));
    await expect.poll(() => (list() as CommentItem[]).map?.((comment) => `${comment.texto}:${comment.own}:${comment.sync}`)).toEqual(['o meu:true:saved', 'comentário 1:false:sent']);
  });
});
