import { isApiError } from '../../lib/api-error.ts';
import { wholeMinutes } from './countdown.ts';

const HOURLY_LIMITS = new Set(['LimitExceededException', 'Throttling']);

/** For the hourly code limits, how many minutes until another code can be sent; else null. */
export function minutesToWait(error: unknown): number | null {
  if (!isApiError(error) || !HOURLY_LIMITS.has(error.code) || error.retryAfterMs === undefined) return null;
  return wholeMinutes(error.retryAfterMs / 1000);
}

/**
 * For "wait before another code" (a code went out moments ago from another screen or device): when
 * another can be asked for, as a time on this device's clock; else null. The screen counts down to it.
 */
export function resendAllowedAt(error: unknown, nowMs: number): number | null {
  if (!isApiError(error) || error.code !== 'CodeResendTooSoon' || error.retryAfterMs === undefined)
    return null;
  return nowMs + error.retryAfterMs;
}
