import { describe, expect, it } from 'vitest';
import { compareGroups, groupListResource, groupPreview, hasUnseenMessage, inGroupFilter } from '../../../src/lib/group-lists.ts';
import type { GroupSummary } from '../../../contract/schemas/groups.ts';

// The group list's rules on the phone: which filter a group is in, the server's order, the unread marker and the
// preview cut of SPEC §9.

function group(id: string, over: Partial<GroupSummary> = {}): { id: string; data: GroupSummary } {
  return {
    id,
    data: {
      id,
      nome: id,
      imagem: null,
      privado: false,
      allowedSenders: 'all',
      planos: [],
      criador: { id: 'c', nome: 'C', nomeUsuario: 'c', fotografia: null, role: 'usuario' },
      banca: { amount: 0, trend: 'up' },
      lastMessage: null,
      lastMessageAt: null,
      lastSender: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      mustPay: false,
      oficial: false,
      meuPapel: null,
      totalUsuarios: 1,
      ...over,
    },
  };
}

describe('group list rules', () => {
  it('puts a group in the filters the server would: meus for the creator, subscricoes for members, tudo for all', () => {
    expect(['criador', 'administrador', 'normal', null].map((meuPapel) => inGroupFilter({ meuPapel: meuPapel as GroupSummary['meuPapel'] }, 'meus'))).toEqual([true, false, false, false]);
    expect(['criador', 'administrador', 'normal', null].map((meuPapel) => inGroupFilter({ meuPapel: meuPapel as GroupSummary['meuPapel'] }, 'subscricoes'))).toEqual([false, true, true, false]);
    expect(inGroupFilter({ meuPapel: null }, 'tudo')).toBe(true);
    expect([groupListResource('tudo'), groupListResource('meus')]).toEqual(['groups', 'groups:meus']);
  });

  it('orders groups made on this phone first, then the official ones, then the most recently active', () => {
    const rows = [
      group('b', { lastMessageAt: '2026-01-03T00:00:00.000Z' }),
      group('official', { oficial: true }),
      group('a', { lastMessageAt: '2026-01-05T00:00:00.000Z' }),
      group('local:7'),
      group('c'),
    ];
    expect(rows.sort(compareGroups).map((row) => row.id)).toEqual(['local:7', 'official', 'a', 'b', 'c']);
  });

  it('marks a group unread only for a newer message from someone else', () => {
    const data = group('g', { lastMessage: 'Olá', lastMessageAt: '2026-01-02T00:00:00.000Z', lastSender: { id: 'other', nome: 'O' } }).data;
    expect(hasUnseenMessage(data, '2026-01-01T00:00:00.000Z', 'me')).toBe(true);
    expect(hasUnseenMessage(data, '2026-01-02T00:00:00.000Z', 'me')).toBe(false);
    expect(hasUnseenMessage(data, undefined, 'me')).toBe(false);
    expect(hasUnseenMessage(data, '2026-01-01T00:00:00.000Z', 'other')).toBe(false);
    expect(hasUnseenMessage({ ...data, lastMessage: null }, '2026-01-01T00:00:00.000Z', 'me')).toBe(false);
  });

  it('cuts a preview at 35 characters, 25 for own messages, without splitting a character', () => {
    const long = 'a'.repeat(40);
    expect(groupPreview(long, false)).toBe(`${'a'.repeat(35)}…`);
    expect(groupPreview(long, true)).toBe(`${'a'.repeat(25)}…`);
    expect(groupPreview('curta', false)).toBe('curta');
    expect(groupPreview('⚽'.repeat(30), true)).toBe(`${'⚽'.repeat(25)}…`);
  });
});
