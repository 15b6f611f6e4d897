/** PostgreSQL's SQLSTATE codes the features branch on. */
export const UNIQUE_VIOLATION = '23505';
/** An EXCLUDE constraint refused the row (two bookings of one locker overlapping). */
export const EXCLUSION_VIOLATION = '23P01';

/**
 * True when `err`, or an error it wraps, is PostgreSQL's `code`. Drizzle wraps driver errors
 * (and savepoints wrap them again), so the code may sit a few `cause`s down.
 */
export function isPgError(err: unknown, code: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if ((e as { code?: string }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
