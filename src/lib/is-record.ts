/** A plain object (not null, not an array): what a hand check of an unknown value's fields starts from. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
