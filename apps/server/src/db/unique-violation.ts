const UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` (or what it wraps) is PostgreSQL's unique violation, of `constraint` when one is named.
 * Drizzle wraps the driver's error; the driver's carries the SQLSTATE and the constraint.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const {
      code,
      constraint: violated,
      cause,
    } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === UNIQUE_VIOLATION) {
      return constraint === undefined || violated === undefined || violated === constraint;
    }
    current = cause;
  }
  return false;
}
