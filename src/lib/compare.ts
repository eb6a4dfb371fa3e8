/**
 * Orders machine strings (ISO dates, ids, sort keys) by their code units. `localeCompare` would build the page's first
 * collator (30-70 ms at 4x CPU) and, for these strings, give the same order at best; names people read keep it.
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
