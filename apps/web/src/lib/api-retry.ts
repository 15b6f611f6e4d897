import { RETRY } from '@petti/shared/constants';
import { type ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { type HttpMethod, IDEMPOTENCY_KEY_HEADER } from './api-protocol.ts';

// When a failed call is tried again, and after how long (docs/product.md#api-client).

/** `Retry-After` as milliseconds from now: delta-seconds or an HTTP date. Undefined when absent or bad. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

const THROTTLE_CODES = new Set([
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'LimitExceededException',
  'CodeResendTooSoon',
]);
const TRANSIENT_STATUS = new Set([408, 500, 502, 503, 504]);

/** The server is busy (503, or 429 over a caller's share): worth telling the person while waiting. */
export function isBusyError(error: ApiError): boolean {
  return error.status === 503 || error.status === 429;
}

export function isThrottlingError(error: ApiError): boolean {
  return error.status === 429 || THROTTLE_CODES.has(error.code);
}

/** Worth trying again: throttled, a server hiccup, a timeout or no connection. Not a caller's abort. */
export function isRetryableError(error: ApiError): boolean {
  if (error.code === CLIENT_ERROR_CODES.aborted) return false;
  return isThrottlingError(error) || error.isNetworkError || TRANSIENT_STATUS.has(error.status);
}

const IDEMPOTENT = new Set<HttpMethod>(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Whether sending the request twice is harmless: an idempotent method or an Idempotency-Key. */
export function isSafeToRepeat(method: HttpMethod, headers: Record<string, string> = {}): boolean {
  if (IDEMPOTENT.has(method)) return true;
  const key = IDEMPOTENCY_KEY_HEADER.toLowerCase();
  return Object.entries(headers).some(([name, value]) => name.toLowerCase() === key && value !== '');
}

/**
 * How long to wait before retry number `retry` (0 for the first retry): full-jitter exponential
 * back-off, `random() × base × 2^retry` capped at `capMs`, with base 100 ms or 500 ms when
 * throttled. A Retry-After under the cap is waited for, plus that jitter, so the phones a busy server
 * sent away do not all come back in the same instant; one beyond the cap means "not now" and the
 * answer is `null` (give up and show the error).
 */
export function backoffDelayMs(
  retry: number,
  options: { throttled?: boolean; retryAfterMs?: number; random?: () => number } = {},
): number | null {
  const { throttled = false, retryAfterMs, random = Math.random } = options;
  if (retryAfterMs !== undefined && retryAfterMs > RETRY.capMs) return null;
  const base = throttled ? RETRY.throttledBaseMs : RETRY.baseMs;
  const jittered = Math.floor(Math.min(RETRY.capMs, random() * base * 2 ** retry));
  return Math.min(RETRY.capMs, (retryAfterMs ?? 0) + jittered);
}

/** The wait before the next try of a failed request, or null when it must not be retried. */
export function retryDelayFor(
  error: ApiError,
  context: { method: HttpMethod; headers?: Record<string, string>; attempt: number; random?: () => number },
): number | null {
  if (context.attempt + 1 >= RETRY.attempts) return null;
  if (!isRetryableError(error)) return null;
  if (!isSafeToRepeat(context.method, context.headers)) return null;
  return backoffDelayMs(context.attempt, {
    throttled: isThrottlingError(error),
    retryAfterMs: error.retryAfterMs,
    random: context.random,
  });
}
