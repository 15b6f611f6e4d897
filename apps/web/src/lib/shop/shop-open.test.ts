import { describe, expect, it } from 'vitest';
import { sellerOpenAt, sellerOpensText } from './shop-open.ts';

// Monday 23 November 2026 in Sivakasi time.
const ist = (text: string) => new Date(`${text}+05:30`);

describe("a shop's hours as the app reads them", () => {
  it('uses its hours every day when it has no week (a shop kept from before schedules)', () => {
    const shop = { hours: { open: '07:00', close: '22:00' } };
    expect(sellerOpenAt(shop, ist('2026-11-23T07:00'))).toBe(true);
    expect(sellerOpenAt(shop, ist('2026-11-23T06:59'))).toBe(false);
    expect(sellerOpenAt(shop, ist('2026-11-23T22:00'))).toBe(false);
    expect(sellerOpensText(shop, ist('2026-11-23T06:00'), 'en')).toBe('7:00 am');
  });

  it('obeys a holiday and says the day it opens again', () => {
    const shop = {
      hours: { open: '07:00', close: '22:00' },
      schedule: { week: null, closedDates: ['2026-11-23'] },
    };
    expect(sellerOpenAt(shop, ist('2026-11-23T12:00'))).toBe(false);
    expect(sellerOpensText(shop, ist('2026-11-23T12:00'), 'en')).toBe('24 Nov, 7:00 am');
  });
});
