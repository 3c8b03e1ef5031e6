/** The rows of a raw `db.execute(sql...)` result (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** True when `error`, or an error it wraps (drizzle wraps driver errors in `cause`), carries SQLSTATE `code`. */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code) return true;
  }
  return false;
}

/** A unique constraint refused the write (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/** A NOT NULL column `column` was given null (SQLSTATE 23502): e.g. a value from a CTE that matched no row. */
export function isNullColumn(error: unknown, column: string): boolean {
  for (let e = error as { code?: unknown; column?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23502' && e.column === column) return true;
  }
  return false;
}
