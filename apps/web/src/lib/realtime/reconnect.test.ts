import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReconnector } from './reconnect.ts';

describe('createReconnector', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries first 5 s after a disruption, then every 60 s, until stopped', () => {
    const attempt = vi.fn();
    const r = createReconnector(attempt);
    r.disrupted();
    vi.advanceTimersByTime(4_999);
    expect(attempt).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(attempt).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(59_999);
    expect(attempt).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(120_000);
    expect(attempt).toHaveBeenCalledTimes(4);
    r.stop();
    vi.advanceTimersByTime(600_000);
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(r.trying).toBe(false);
  });

  it('does not stack schedules when disrupted again while trying', () => {
    const attempt = vi.fn();
    const r = createReconnector(attempt);
    r.disrupted();
    vi.advanceTimersByTime(3_000);
    r.disrupted();
    vi.advanceTimersByTime(2_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('starts over with the short wait when restarted', () => {
    const attempt = vi.fn();
    const r = createReconnector(attempt);
    r.disrupted();
    vi.advanceTimersByTime(5_000);
    r.restart();
    vi.advanceTimersByTime(5_000);
    expect(attempt).toHaveBeenCalledTimes(2);
  });
});
