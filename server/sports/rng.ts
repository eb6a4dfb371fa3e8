import { createHash } from 'node:crypto';

// Seeded generator (mulberry32): the same seed gives the same sequence on every machine, so fixtures are identical
// for the same seed and day (tests and demos agree) and a fuzz seed (tests/fuzz) replays the same way every time.
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [minInclusive, maxInclusive]. */
  int(minInclusive: number, maxInclusive: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks a key by weight; keys with weight 0 are never picked. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** An independent stream derived from this one's seed, so drawing from it does not shift this one's sequence. */
  fork(label: string): Rng;
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
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      const positive = entries.filter(([, weight]) => weight > 0);
      const total = positive.reduce((sum, [, weight]) => sum + weight, 0);
      if (total <= 0) throw new Error('weighted pick with no positive weight');
      let roll = next() * total;
      for (const [key, weight] of positive) {
        roll -= weight;
        if (roll < 0) return key;
      }
      return (positive.at(-1) as [keyof typeof weights, number])[0];
    },
    fork: (label) => createRng(`${seed}/${label}`),
  };
}

/** A UUID-shaped id derived from text, so a regenerated fixture keeps its id. */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
