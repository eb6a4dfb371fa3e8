/** A small deterministic PRNG (mulberry32): the same seed gives the same sequence of choices on every machine. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks a key by weight; keys with weight 0 are never picked. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** An independent stream derived from this one (e.g. for backoff jitter), so its use does not shift the others. */
  fork(label: string): Prng;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function createPrng(seed: number | string): Prng {
  const origin = typeof seed === 'number' ? `${seed}` : seed;
  let state = hash(`fuzz:${origin}`);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const prng: Prng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      const total = entries.reduce((sum, [, weight]) => sum + Math.max(0, weight), 0);
      if (total <= 0) throw new Error('weighted pick with no positive weight');
      let roll = next() * total;
      for (const [key, weight] of entries) {
        if (weight <= 0) continue;
        roll -= weight;
        if (roll < 0) return key;
      }
      const last = entries.filter(([, weight]) => weight > 0).at(-1);
      return (last as [keyof typeof weights, number])[0];
    },
    fork: (label) => createPrng(`${origin}/${label}`),
  };
  return prng;
}
