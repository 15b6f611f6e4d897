import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.ts';

describe('startPeriodic', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the work on every tick and stops when told', async () => {
    const work = vi.fn(async () => 1);
    const job = startPeriodic('test', 1000, work, { error: vi.fn() });
    await vi.advanceTimersByTimeAsync(3000);
    expect(work).toHaveBeenCalledTimes(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('never runs twice at once, and a failure is logged, not thrown', async () => {
    let finish: () => void = () => {};
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const log = { error: vi.fn() };
    const job = startPeriodic('slow', 1000, work, log);
    await vi.advanceTimersByTimeAsync(3500);
    expect(work).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(2);
    const stopped = job.stop();
    finish();
    await stopped;

    const failing = startPeriodic('failing', 1000, () => Promise.reject(new Error('db down')), log);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'failing' }),
      'periodic job failed',
    );
    await failing.stop();
  });
});
