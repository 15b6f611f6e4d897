import { describe, expect, it } from 'vitest';
import { formatClock, secondsUntil, wholeMinutes } from './countdown.ts';

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
