// Pure formatting of a tipster's record: percentages in the app's language, the running-ROI chart's
// geometry. No I/O, no hooks; unit-tested in tests/unit/src/record-format.test.ts.

import { formatDecimal } from '../../lib/format.ts';

/**
 * A ratio as a percentage with at most one decimal, as each language writes it: pt "12,5 %" (a no-break space before
 * the sign, so it never wraps alone), en "12.5%". `signed`: a positive value gets "+" (ROI); zero has no sign, and a
 * value too small to show after rounding reads as zero, not "-0".
 */
export function formatPercent(ratio: number, locale: string, signed = false): string {
  const shown = formatDecimal(ratio * 100, locale, 1, signed);
  return locale === 'en' ? `${shown}%` : `${shown}\u00a0%`;
}

/** The ROI with its sign ("+12,5 %"); null while nothing counts yet. */
export function formatRoi(roi: number | null, locale: string): string | null {
  return roi === null ? null : formatPercent(roi, locale, true);
}

/** The win rate ("55 %"); null while nothing counts yet. */
export function formatRate(rate: number | null, locale: string): string | null {
  return rate === null ? null : formatPercent(rate, locale);
}

export interface RoiChartGeometry {
  /** SVG polyline points "x,y x,y …" of the running ROI, oldest on the left. */
  points: string;
  /** The y of ROI 0 (break-even), inside the box. */
  zeroY: number;
  min: number;
  max: number;
}

/**
 * The running ROI as a line in a `width` × `height` box (y grows downwards), scaled so break-even (0) is always in
 * view. One point draws a flat line across. Null for no points.
 */
export function roiChart(values: number[], box: { width: number; height: number; pad?: number }): RoiChartGeometry | null {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return null;
  const pad = box.pad ?? 4;
  const min = Math.min(0, ...finite);
  const max = Math.max(0, ...finite);
  const span = max - min || 1;
  const inner = { width: box.width - pad * 2, height: box.height - pad * 2 };
  const yOf = (value: number) => round(pad + ((max - value) / span) * inner.height);
  const series = finite.length === 1 ? [...finite, ...finite] : finite;
  const step = inner.width / (series.length - 1);
  const coords = series.map((value, index) => ({ x: round(pad + index * step), y: yOf(value) }));
  return {
    points: coords.map(({ x, y }) => `${x},${y}`).join(' '),
    zeroY: yOf(0),
    min: Math.min(...finite),
    max: Math.max(...finite),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
