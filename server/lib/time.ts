export const DAY_MS = 86_400_000;

/** YYYY-MM-DD of the UTC day containing `date`. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Parses a strict YYYY-MM-DD calendar date (2025-02-30 is refused); null when it is not one. */
export function parseDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || utcDay(date) !== value ? null : date;
}
