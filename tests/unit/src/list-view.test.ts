import { describe, expect, it } from 'vitest';
import { listView } from '../../../src/components/list/list-view.ts';
import { PENDING } from '../../../src/state/live-atom.ts';

const answered = { refreshedAt: 1_800_000_000_000, error: null };
const neverAnswered = { refreshedAt: 0, error: 'Sem rede' };

describe('listView', () => {
  it('shows the rows the store has, whatever the server has said', () => {
    expect(listView({ rows: [1], meta: undefined, online: false })).toBe('rows');
    expect(listView({ rows: [1], meta: PENDING, online: true })).toBe('rows');
  });

  it('is a skeleton while the store has not answered', () => {
    expect(listView({ rows: PENDING, meta: answered, online: true })).toBe('skeleton');
    expect(listView({ rows: [], meta: PENDING, online: true })).toBe('skeleton');
  });

  it('says the list is empty only when the store and the server agree', () => {
    expect(listView({ rows: [], meta: answered, online: true })).toBe('empty');
    expect(listView({ rows: [], meta: answered, online: false })).toBe('empty');
  });

  it('waits online for a list the server has never answered, and says offline that this phone does not have it', () => {
    expect(listView({ rows: [], meta: undefined, online: true })).toBe('skeleton');
    expect(listView({ rows: [], meta: null, online: true })).toBe('skeleton');
    expect(listView({ rows: [], meta: undefined, online: false })).toBe('not-on-phone');
    // A first try that failed is not an empty list either.
    expect(listView({ rows: [], meta: neverAnswered, online: true })).toBe('not-on-phone');
  });

  it('does not call a list empty while an unread counter says it has something', () => {
    expect(listView({ rows: [], meta: answered, online: true, expected: 1 })).toBe('skeleton');
    expect(listView({ rows: [], meta: answered, online: false, expected: 1 })).toBe('not-on-phone');
  });
});
