import { describe, expect, it } from 'vitest';
import { DRAFT_SLIP_MAX } from '../../../contract/limits.ts';
import { chatShareBlock, copyReport, groupShareBlock, hiddenFromRecipients, leftOut, slipShareBlock, type ShareableGroup } from '../../../src/lib/share-rules.ts';

const SELF = 'u-self';
const group = (patch: Partial<ShareableGroup> = {}): ShareableGroup => ({ id: 'g1', mustPay: false, allowedSenders: 'all', meuPapel: 'normal', ...patch });

describe('share mode: which slips can be shared', () => {
  it('shares any published slip and the own hidden one', () => {
    expect(slipShareBlock({ id: 's1', publicada: true, usuario: { id: 'other' } }, SELF)).toBeNull();
    expect(slipShareBlock({ id: 's1', publicada: true, usuario: { id: SELF } }, SELF)).toBeNull();
    expect(slipShareBlock({ id: 's1', publicada: false, usuario: { id: SELF } }, SELF)).toBeNull();
    expect(hiddenFromRecipients({ id: 's1', publicada: false, usuario: { id: SELF } }, SELF)).toBe(true);
    expect(hiddenFromRecipients({ id: 's1', publicada: true, usuario: { id: SELF } }, SELF)).toBe(false);
  });

  it("refuses someone else's hidden slip and a slip not yet on the server", () => {
    expect(slipShareBlock({ id: 's1', publicada: false, usuario: { id: 'other' } }, SELF)).toBe('hidden');
    expect(slipShareBlock({ id: 's1', publicada: false, usuario: { id: 'other' } }, null)).toBe('hidden');
    expect(slipShareBlock({ id: 'local:7', publicada: true, usuario: { id: SELF } }, SELF)).toBe('not-sent');
  });
});

describe('share mode: which chats can be chosen', () => {
  it('lets members share where they may post', () => {
    expect(groupShareBlock(group())).toBeNull();
    expect(groupShareBlock(group({ allowedSenders: 'admins', meuPapel: 'administrador' }))).toBeNull();
    expect(groupShareBlock(group({ allowedSenders: 'admins', meuPapel: 'criador' }))).toBeNull();
  });

  it('blocks a group to pay for, admins-only for an ordinary member, a non-member, and one not on the server', () => {
    expect(groupShareBlock(group({ mustPay: true, meuPapel: null }))).toBe('must-pay');
    expect(groupShareBlock(group({ mustPay: true, meuPapel: 'normal' }))).toBe('must-pay');
    expect(groupShareBlock(group({ allowedSenders: 'admins', meuPapel: 'normal' }))).toBe('admins-only');
    expect(groupShareBlock(group({ meuPapel: null }))).toBe('not-member');
    expect(groupShareBlock(group({ id: 'local:3', meuPapel: 'criador' }))).toBe('not-sent');
  });

  it('conversations and rooms are open unless not on the server yet', () => {
    expect(chatShareBlock({ id: 'c1' })).toBeNull();
    expect(chatShareBlock({ id: 'local:1' })).toBe('not-sent');
  });
});

describe('copying a shared slip (SPEC §4 copy rule)', () => {
  const leg = (event_id: string, bet_status: 'pending' | 'won' | 'failed' | 'void' | 'blocked' = 'pending') => ({ event_id, bet_status });

  it('copies pending selections whose events are not in the builder and counts the rest by reason', () => {
    const report = copyReport([{ event_id: 'e1' }], [leg('e1'), leg('e2'), leg('e3', 'won'), leg('e4', 'failed'), leg('e5')]);
    expect(report).toEqual({ copied: 2, notPending: 2, alreadyIn: 1, full: 0 });
    expect(leftOut(report)).toBe(3);
  });

  it('keeps one selection per event even within the copied slip', () => {
    expect(copyReport([], [leg('e1'), leg('e1')])).toEqual({ copied: 1, notPending: 0, alreadyIn: 1, full: 0 });
  });

  it('stops at the builder limit', () => {
    const draft = Array.from({ length: DRAFT_SLIP_MAX - 1 }, (_, i) => ({ event_id: `d${i}` }));
    expect(copyReport(draft, [leg('x1'), leg('x2'), leg('x3', 'void')])).toEqual({ copied: 1, notPending: 1, alreadyIn: 0, full: 1 });
  });

  it('copies nothing from a settled slip', () => {
    expect(copyReport([], [leg('e1', 'won'), leg('e2', 'void')])).toEqual({ copied: 0, notPending: 2, alreadyIn: 0, full: 0 });
  });
});
