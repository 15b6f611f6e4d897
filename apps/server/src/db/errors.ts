/** PostgreSQL's SQLSTATE codes the features branch on. */
export const UNIQUE_VIOLATION = '23505';
/** An EXCLUDE constraint refused the row (two bookings of one locker overlapping). */
export const EXCLUSION_VIOLATION = '23P01';

/** Two transactions could not both go on: one was rolled back for the other to commit. */
export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';
/** A statement after one that failed in the same transaction: the earlier failure is the cause. */
export const IN_FAILED_TRANSACTION = '25P02';
/** A row lock asked for with NOWAIT or under lock_timeout was held by someone else. */
export const LOCK_NOT_AVAILABLE = '55P03';

/**
 * A write whose condition no longer held when it reached the database: another request got there first
 * (a unique or exclusion constraint refused the row, or the transaction lost to a concurrent one). A
 * feature that expects a race answers it itself; one that reaches the error handler is the seed's
 * ConditionalCheckFailedException (docs/product.md#real-time-events): the caller may simply try again.
 */
export function isLostRace(err: unknown): boolean {
  return [
    UNIQUE_VIOLATION,
    EXCLUSION_VIOLATION,
    SERIALIZATION_FAILURE,
    DEADLOCK_DETECTED,
    LOCK_NOT_AVAILABLE,
  ].some((code) => isPgError(err, code));
}

/**
 * The pool had no connection within its wait (`DB_POOL_WAIT_MS`): none was free (pg-pool's "timeout
 * exceeded when trying to connect"), or a new one could not be opened in time (node-postgres's
 * "Connection terminated due to connection timeout": the embedded database's process answers one
 * connection at a time, and under load a new one waits its turn). The database is busy, not broken.
 * Nothing of the request reached it, so the caller may simply come back (docs/deploy.md#overload).
 */
const POOL_WAIT = /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i;

export function isPoolWaitTimeout(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (POOL_WAIT.test((e as { message?: string }).message ?? '')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

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
