import { describe, expect, it } from 'vitest';
import { formatPercent, formatRate, formatRoi, roiChart } from '../../../src/components/record/record-format.ts';

// The record's figures as each language writes them, and the running-ROI chart's geometry.

const NBSP = '\u00a0';

describe('record percentages', () => {
  it('writes pt with a comma and a space before the sign, en with a point and none', () => {
    expect(formatPercent(0.125, 'pt')).toBe(`12,5${NBSP}%`);
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(formatPercent(0.55, 'pt')).toBe(`55${NBSP}%`);
    expect(formatPercent(1 / 3, 'en')).toBe('33.3%');
  });

  it('gives a positive ROI its "+", a negative one its "-", and zero none', () => {
    expect(formatRoi(0.125, 'pt')).toBe(`+12,5${NBSP}%`);
    expect(formatRoi(0.125, 'en')).toBe('+12.5%');
    expect(formatRoi(-0.04, 'pt')).toBe(`-4${NBSP}%`);
    expect(formatRoi(0, 'en')).toBe('0%');
    // A loss too small to show after rounding reads as zero, not "-0".
    expect(formatRoi(-0.0001, 'en')).toBe('0%');
    expect(formatRate(-0.0001, 'pt')).toBe(`0${NBSP}%`);
  });

  it('shows nothing measured as null, never as zero', () => {
    expect(formatRoi(null, 'pt')).toBeNull();
    expect(formatRate(null, 'en')).toBeNull();
  });
});

describe('running-ROI chart', () => {
  it('has no line without points', () => {
    expect(roiChart([], { width: 100, height: 40 })).toBeNull();
  });

  it('keeps break-even in view: an all-positive curve has zero at the bottom', () => {
    const chart = roiChart([0.1, 0.2, 0.4], { width: 100, height: 40, pad: 0 });
    expect(chart?.zeroY).toBe(40);
    expect(chart?.points).toBe('0,30 50,20 100,0');
    expect(chart?.min).toBe(0.1);
    expect(chart?.max).toBe(0.4);
  });

  it('puts zero between a loss and a gain', () => {
    const chart = roiChart([-0.5, 0.5], { width: 100, height: 40, pad: 0 });
    expect(chart?.zeroY).toBe(20);
    expect(chart?.points).toBe('0,40 100,0');
  });

  it('draws one point as a flat line across, inside the padding', () => {
    const chart = roiChart([-0.2], { width: 100, height: 40, pad: 4 });
    expect(chart?.points).toBe('4,36 96,36');
    expect(chart?.zeroY).toBe(4);
  });
});
