import { createHash } from 'node:crypto';

// Seeded generator (mulberry32): fixtures must be identical for the same seed and day, so tests and demos agree.
export interface Rng {
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
}

export function seedFrom(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

export function createRng(seed: number | string): Rng {
  let state = (typeof seed === 'string' ? seedFrom(seed) : seed) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
  };
}

/** A UUID-shaped id derived from text, so a regenerated fixture keeps its id. */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
