import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { browserClockScript, faketimeOffset, townClockEnv, townHourToday } from './town-clock.ts';

describe('townHourToday', () => {
  it("is the hour on the town's own date, which runs 5:30 ahead of UTC", () => {
    // 20:00 UTC on 2 Dec is 01:30 on 3 Dec in the town.
    const now = Date.parse('2026-12-02T20:00:00Z');
    expect(townHourToday('03:00', now).toISOString()).toBe('2026-12-02T21:30:00.000Z');
    expect(townHourToday('12:00', now).toISOString()).toBe('2026-12-03T06:30:00.000Z');
  });

  it('refuses what is not an hour', () => {
    expect(() => townHourToday('3am')).toThrow(/hh:mm/);
  });
});

describe('the clock of a process at a town hour', () => {
  it('is an offset in seconds from now, forward or back', () => {
    const now = Date.parse('2026-12-03T06:00:00Z'); // 11:30 in the town
    expect(faketimeOffset('12:00', now)).toBe('+1800s');
    expect(faketimeOffset('03:00', now)).toBe('-30600s');
  });

  it('fakes nothing for now', () => {
    expect(townClockEnv('now')).toEqual({});
  });
});

describe("the browser's clock at a town hour", () => {
  it('moves new Date() and Date.now() by the offset, and leaves dates made from a value alone', () => {
    const scope: Record<string, unknown> = { Date };
    scope.globalThis = scope;
    runInNewContext(browserClockScript(-3_600_000), scope);
    const Moved = scope.Date as DateConstructor;
    const real = Date.now();
    expect(Math.abs(Moved.now() - (real - 3_600_000))).toBeLessThan(1000);
    expect(Math.abs(new Moved().getTime() - (real - 3_600_000))).toBeLessThan(1000);
    expect(new Moved(0).getTime()).toBe(0);
    expect(Moved.parse('2026-12-03T00:00:00Z')).toBe(Date.parse('2026-12-03T00:00:00Z'));
  });
});
