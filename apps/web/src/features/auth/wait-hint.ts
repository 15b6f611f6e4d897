import { isApiError } from '../../lib/api-error.ts';
import { wholeMinutes } from './countdown.ts';

const HOURLY_LIMITS = new Set(['LimitExceededException', 'Throttling']);

/** For the hourly code limits, how many minutes until another code can be sent; else null. */
export function minutesToWait(error: unknown): number | null {
  if (!isApiError(error) || !HOURLY_LIMITS.has(error.code) || error.retryAfterMs === undefined) return null;
  return wholeMinutes(error.retryAfterMs / 1000);
}
