import { describe, expect, it } from 'vitest';
import { formatMultiplier, slipMultiplier, slipReturn } from '../../../contract/slip-math.ts';

describe('slip maths (SPEC §3, §9)', () => {
  it('multiplies the odds each rounded to 2 decimals', () => {
    expect(slipMultiplier([])).toBe(1);
    expect(slipMultiplier([1.555, 2.004])).toBeCloseTo(1.56 * 2.0, 10);
    expect(formatMultiplier(slipMultiplier([1.5, 2.25, 1.1]))).toBe('3.71x');
  });

  it('returns stake times multiplier', () => {
    expect(slipReturn(100, 1)).toBe(100);
    expect(slipReturn(250, slipMultiplier([2, 1.5]))).toBe(750);
  });
});
