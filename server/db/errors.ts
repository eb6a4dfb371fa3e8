/** A unique-constraint violation on either engine (SQLite message, PostgreSQL SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '23505' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}
