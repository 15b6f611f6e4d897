import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOpenAt, nextOpeningAt, parseClock, townDayStart, townMinutes } from './site-hours.ts';

// 04:30 UTC is 10:00 in Sivakasi (IST, +05:30).
const ist = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00+05:30`);

describe('site hours', () => {
  it('reads HH:MM, with 24:00 as the end of the day', () => {
    expect(parseClock('05:30')).toBe(330);
    expect(parseClock('24:00')).toBe(1440);
    expect(() => parseClock('5:30')).toThrow();
    expect(() => parseClock('10:75')).toThrow();
  });

  it('uses the town’s local time', () => {
    expect(townMinutes(new Date('2026-11-20T04:30:00Z'))).toBe(600);
    expect(townMinutes(new Date('2026-11-20T20:00:00Z'))).toBe(90);
  });

  it('starts the town’s day at its own midnight, not UTC’s', () => {
    expect(townDayStart(new Date('2026-11-20T20:00:30.5Z')).toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(townDayStart(new Date('2026-11-20T18:29:59Z')).toISOString()).toBe('2026-11-19T18:30:00.000Z');
    expect(townDayStart(ist('00:00')).getTime()).toBe(ist('00:00').getTime());
  });

  it('opens at the opening time and closes at the closing time', () => {
    const h = { open: '05:00', close: '23:00' };
    expect(isOpenAt(h, ist('04:59'))).toBe(false);
    expect(isOpenAt(h, ist('05:00'))).toBe(true);
    expect(isOpenAt(h, ist('22:59'))).toBe(true);
    expect(isOpenAt(h, ist('23:00'))).toBe(false);
  });

  it('is always open 00:00–24:00, and handles hours past midnight', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (d) => {
        expect(isOpenAt({ open: '00:00', close: '24:00' }, d)).toBe(true);
      }),
    );
    const night = { open: '22:00', close: '06:00' };
    expect(isOpenAt(night, ist('23:30'))).toBe(true);
    expect(isOpenAt(night, ist('05:59'))).toBe(true);
    expect(isOpenAt(night, ist('12:00'))).toBe(false);
  });
});

describe('nextOpeningAt', () => {
  // 2026-11-20 03:00 UTC is 08:30 in Sivakasi.
  const at = new Date('2026-11-20T03:00:00Z');
  it('is today’s opening when it is still ahead, else tomorrow’s', () => {
    expect(nextOpeningAt({ open: '09:00', close: '21:00' }, at).toISOString()).toBe(
      '2026-11-20T03:30:00.000Z',
    );
    expect(nextOpeningAt({ open: '08:00', close: '08:15' }, at).toISOString()).toBe(
      '2026-11-21T02:30:00.000Z',
    );
  });
  it('is now when the place never closes', () => {
    expect(nextOpeningAt({ open: '00:00', close: '24:00' }, at)).toEqual(at);
  });
});
