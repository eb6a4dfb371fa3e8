import { describe, expect, it } from 'vitest';
import { atom } from 'jotai';
import { cachedAtom, FAMILY_SIZE } from '../../../src/state/live-atom.ts';

// Atom families keep the atoms screens ask for, and free the ones nobody has asked for in a while.

describe('atom families', () => {
  it('hands the same atom for the same key, and drops the least recently asked-for beyond the family size', () => {
    const family = new Map<string, ReturnType<typeof atom<number>>>();
    const make = () => atom(0);
    const first = cachedAtom(family, 'chat-0', make);
    expect(cachedAtom(family, 'chat-0', make)).toBe(first);
    const kept = cachedAtom(family, 'chat-1', make);
    for (let index = 2; index <= FAMILY_SIZE; index += 1) {
      cachedAtom(family, `chat-${index}`, make);
      // A screen that stays open asks for its atom on every render.
      cachedAtom(family, 'chat-1', make);
    }
    expect(family.size).toBe(FAMILY_SIZE);
    expect(family.has('chat-0')).toBe(false);
    expect(cachedAtom(family, 'chat-1', make)).toBe(kept);
    expect(cachedAtom(family, 'chat-0', make)).not.toBe(first);
  });
});
