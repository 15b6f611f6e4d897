import { describe, expect, it } from 'vitest';
import {
  hoursOn,
  isShopOpenAt,
  nextShopOpeningAt,
  openingText,
  type ShopSchedule,
  townDate,
  weekdayOf,
} from './shop-hours.ts';
import { townDateTime } from './town-time.ts';

/** A town time (IST) as an instant. */
const ist = (text: string) => new Date(`${text}+05:30`);

// 2026-11-28 is a Saturday; 2026-11-29 a Sunday.
const usual: ShopSchedule = { open: '09:00', close: '21:00' };
const week: ShopSchedule = {
  ...usual,
  week: [
    null, // Sunday: shut
    { open: '09:00', close: '21:00' },
    { open: '09:00', close: '21:00' },
    { open: '09:00', close: '21:00' },
    { open: '09:00', close: '21:00' },
    { open: '09:00', close: '21:00' },
    { open: '10:00', close: '14:00' }, // Saturday: a short day
  ],
};

describe("a shop's hours", () => {
  it('knows the town date and weekday', () => {
    expect(townDate(ist('2026-11-28T23:59'))).toBe('2026-11-28');
    expect(townDate(ist('2026-11-29T00:01'))).toBe('2026-11-29');
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-29')).toBe(0);
  });

  it('opens on its usual hours every day without a week', () => {
    expect(isShopOpenAt(usual, ist('2026-11-28T08:59'))).toBe(false);
    expect(isShopOpenAt(usual, ist('2026-11-28T09:00'))).toBe(true);
    expect(isShopOpenAt(usual, ist('2026-11-28T20:59'))).toBe(true);
    expect(isShopOpenAt(usual, ist('2026-11-28T21:00'))).toBe(false);
  });

  it('follows each weekday, shut days included', () => {
    expect(hoursOn(week, '2026-11-28')).toEqual({ open: '10:00', close: '14:00' });
    expect(isShopOpenAt(week, ist('2026-11-28T09:30'))).toBe(false);
    expect(isShopOpenAt(week, ist('2026-11-28T13:59'))).toBe(true);
    expect(isShopOpenAt(week, ist('2026-11-28T15:00'))).toBe(false);
    expect(isShopOpenAt(week, ist('2026-11-29T12:00'))).toBe(false);
    // After Saturday's close the next opening is Monday 09:00 (Sunday is shut).
    expect(nextShopOpeningAt(week, ist('2026-11-28T15:00'))).toEqual(ist('2026-11-30T09:00'));
  });

  it('is shut all day on a holiday, and opens again the day after', () => {
    const holiday = { ...usual, closedDates: ['2026-11-28'] };
    expect(isShopOpenAt(holiday, ist('2026-11-28T12:00'))).toBe(false);
    expect(nextShopOpeningAt(holiday, ist('2026-11-28T12:00'))).toEqual(ist('2026-11-29T09:00'));
    expect(isShopOpenAt(holiday, ist('2026-11-29T12:00'))).toBe(true);
  });

  it('keeps hours that pass midnight, and a holiday shuts from its midnight', () => {
    const late: ShopSchedule = { open: '18:00', close: '02:00' };
    expect(isShopOpenAt(late, ist('2026-11-28T17:00'))).toBe(false);
    expect(isShopOpenAt(late, ist('2026-11-28T23:00'))).toBe(true);
    expect(isShopOpenAt(late, ist('2026-11-29T01:30'))).toBe(true);
    expect(isShopOpenAt(late, ist('2026-11-29T02:00'))).toBe(false);
    expect(isShopOpenAt({ ...late, closedDates: ['2026-11-29'] }, ist('2026-11-29T01:30'))).toBe(false);
  });

  it('says when it opens: a time today, a date and time on another day', () => {
    const now = ist('2026-11-28T07:00');
    expect(openingText(ist('2026-11-28T09:00'), now, 'en')).toBe('9:00 am');
    expect(openingText(ist('2026-11-30T09:30'), now, 'en')).toBe('30 Nov, 9:30 am');
    // The owner's screens and the shopper's say it alike (town-time.ts), in Tamil too.
    expect(openingText(ist('2026-11-30T09:30'), now, 'ta')).toBe(townDateTime(ist('2026-11-30T09:30'), 'ta'));
    expect(openingText(null, now, 'en')).toBe('—');
  });

  it('is open all day at 00:00–24:00, and has no next opening when shut for longer than it looks', () => {
    expect(isShopOpenAt({ open: '00:00', close: '24:00' }, ist('2026-11-28T03:00'))).toBe(true);
    const shut: ShopSchedule = { ...usual, week: [null, null, null, null, null, null, null] };
    expect(nextShopOpeningAt(shut, ist('2026-11-28T12:00'))).toBeNull();
    expect(nextShopOpeningAt(usual, ist('2026-11-28T12:00'))).toEqual(ist('2026-11-28T12:00'));
    expect(nextShopOpeningAt(usual, ist('2026-11-28T07:15'))).toEqual(ist('2026-11-28T09:00'));
  });
});
