import { describe, expect, it } from 'vitest';
import { createRng } from '../../../server/sports/rng.ts';

// The one seeded generator of the project: sports fixtures and the outbox fault-injection suite both replay from it.
describe('createRng', () => {
  const draw = (seed: string | number, count = 8) => {
    const rng = createRng(seed);
    return Array.from({ length: count }, () => rng.next());
  };

  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(draw('fuzz:1')).toEqual(draw('fuzz:1'));
    expect(draw('fuzz:1')).not.toEqual(draw('fuzz:2'));
    expect(draw(7)).toEqual(draw(7));
  });

  it('forks a stream whose draws do not shift the parent sequence', () => {
    const plain = createRng('fuzz:3');
    const forked = createRng('fuzz:3');
    const faults = forked.fork('faults');
    for (let i = 0; i < 5; i += 1) faults.next();
    expect([forked.next(), forked.next()]).toEqual([plain.next(), plain.next()]);
    expect(createRng('fuzz:3').fork('faults').next()).toBe(createRng('fuzz:3/faults').next());
  });

  it('never picks a key of weight 0 and picks every positive one', () => {
    const rng = createRng('weights');
    const seen = new Set(Array.from({ length: 300 }, () => rng.weighted({ never: 0, rare: 1, often: 9 })));
    expect([...seen].sort()).toEqual(['often', 'rare']);
    expect(() => rng.weighted({ none: 0 })).toThrow('no positive weight');
  });

  it('keeps int within its bounds, both included', () => {
    const rng = createRng('ints');
    const values = new Set(Array.from({ length: 200 }, () => rng.int(1, 3)));
    expect([...values].sort()).toEqual([1, 2, 3]);
  });
});
