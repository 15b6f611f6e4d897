import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { formatClock, secondsUntil, wholeMinutes } from './countdown.ts';
import { resendAllowedAt } from './wait-hint.ts';

describe('countdowns', () => {
  it('count whole seconds up, never below zero', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_001, 0)).toBe(11);
    expect(secondsUntil(0, 10_000)).toBe(0);
    expect(secondsUntil(undefined, 0)).toBe(0);
    expect(secondsUntil(Number.NaN, 0)).toBe(0);
  });

  it('show minutes and seconds', () => {
    expect(formatClock(180)).toBe('3:00');
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('round long waits up to whole minutes', () => {
    expect(wholeMinutes(1)).toBe(1);
    expect(wholeMinutes(61)).toBe(2);
    expect(wholeMinutes(3600)).toBe(60);
  });
});

describe('waiting for another code', () => {
  it('counts down from the server’s Retry-After when a code went out moments ago', () => {
    const soon = new ApiError({
      status: 429,
      code: 'CodeResendTooSoon',
      message: 'Please wait a little before asking for another code.',
      retryAfterMs: 42_000,
    });
    const at = resendAllowedAt(soon, 1_000_000);
    expect(at).toBe(1_042_000);
    expect(formatClock(secondsUntil(at!, 1_000_000))).toBe('0:42');
    expect(resendAllowedAt(new ApiError({ status: 429, code: 'Throttling', message: 'x' }), 0)).toBeNull();
  });
});
