/**
 * The constraint behind a unique violation (SQLSTATE 23505), looked up through the error's
 * causes: drizzle wraps the driver's error, and pg and PGlite both carry `code` and `constraint`.
 */
export function uniqueViolation(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = cause;
  }
  return undefined;
}
