// How the bench prints a figure: the median of the runs with min and max, and its goal of DESIGN §10 beside
// it. Goals are printed, never enforced: nothing here fails a run.

export function stats(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1), runs: sorted.length };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value) => `${Math.round(value)} ms`;
export const plain = (digits) => (value) => value.toFixed(digits);

/**
 * Prints one figure: `values` (one per run; a single value for a figure that does not vary), formatted by `format`,
 * with its goal. `ok` (optional) says whether the median meets the goal: shown as a mark, not a failure.
 */
export function figure(name, values, format, goal = '', ok = null) {
  const list = Array.isArray(values) ? values : [values];
  const s = stats(list);
  const missing = list.length - (s?.runs ?? 0);
  let value;
  let spread = '';
  if (!s) value = 'n/a';
  else {
    value = format(s.median);
    if (s.runs > 1) spread = `(min ${format(s.min)}, max ${format(s.max)}, n=${s.runs}${missing ? `, ${missing} failed` : ''})`;
  }
  const mark = s && ok ? (ok(s.median) ? 'meets' : 'MISSES') : '';
  console.log(`  ${name.padEnd(60)} ${value.padStart(10)}  ${spread.padEnd(40)} ${goal ? `goal ${goal}` : ''} ${mark}`.trimEnd());
  return s;
}

export function heading(text) {
  console.log(`\n${text}`);
}

export function note(text) {
  console.log(`    ${text}`);
}
