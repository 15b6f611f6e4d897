import type { LockerSite } from '@petti/shared/schemas/lockers';
import { describe, expect, it } from 'vitest';
import {
  clock,
  distanceText,
  extensionChoices,
  finalMessageKey,
  pinStatus,
  sitesByDistance,
  smsHref,
  startWindow,
} from './booking-view.ts';

const at = (iso: string) => Date.parse(iso);

describe('clock', () => {
  it('counts down in hours, minutes and seconds, never below zero', () => {
    expect(clock(3_909_000)).toBe('1:05:09');
    expect(clock(247_000)).toBe('4:07');
    expect(clock(-5)).toBe('0:00');
  });
});

describe('pinStatus', () => {
  const base = {
    pin: '482913',
    startsAt: '2026-11-20T10:00:00Z',
    pinExpiresAt: '2026-11-20T12:00:00Z',
    state: 'reserved' as const,
  };
  it('is valid between the start and the expiry', () => {
    expect(pinStatus(base, at('2026-11-20T11:00:00Z'))).toBe('valid');
  });
  it('is not yet usable before the start of a scheduled booking', () => {
    expect(pinStatus({ ...base, state: 'scheduled' }, at('2026-11-20T09:50:00Z'))).toBe('notYet');
  });
  it('is never shown as valid after its expiry', () => {
    expect(pinStatus(base, at('2026-11-20T12:00:01Z'))).toBe('expired');
  });
  it('keeps working for the last open of an expired booking', () => {
    expect(pinStatus({ ...base, state: 'expired' }, at('2026-11-20T13:00:00Z'))).toBe('valid');
  });
  it('is none without a PIN or once the booking is over', () => {
    expect(pinStatus({ ...base, pin: null }, at('2026-11-20T11:00:00Z'))).toBe('none');
    expect(pinStatus({ ...base, state: 'ended' }, at('2026-11-20T11:00:00Z'))).toBe('none');
  });
});

describe('sitesByDistance', () => {
  it('puts the nearest site first', () => {
    const site = (id: string, lat: number, lng: number) => ({ id, lat, lng }) as LockerSite;
    const sorted = sitesByDistance([site('far', 9.49, 77.76), site('near', 9.45, 77.8)], {
      lat: 9.452,
      lng: 77.799,
    });
    expect(sorted.map((s) => s.site.id)).toEqual(['near', 'far']);
    expect(sorted[0]?.metres).toBeLessThan(500);
  });
});

describe('text helpers', () => {
  it('formats distances', () => {
    expect(distanceText(846)).toBe('850 m');
    expect(distanceText(2430)).toBe('2.4 km');
  });
  it('builds an sms link with the text encoded', () => {
    expect(smsHref('PIN 482913 & go')).toBe('sms:?&body=PIN%20482913%20%26%20go');
  });
});

describe('limits', () => {
  it('offers only extensions that keep the booking within 72 hours', () => {
    expect(extensionChoices({ durationHours: 24, extendedHours: 24 })).toEqual([1, 2, 4, 8, 12, 24]);
    expect(extensionChoices({ durationHours: 24, extendedHours: 44 })).toEqual([1, 2, 4]);
    expect(extensionChoices({ durationHours: 24, extendedHours: 48 })).toEqual([]);
  });
  it('lets a later start fall between 5 minutes and 7 days ahead', () => {
    const now = at('2026-11-20T10:00:00Z');
    const w = startWindow(now);
    expect(w.min - now).toBe(300_000);
    expect(w.max - now).toBe(7 * 24 * 3_600_000);
  });
});

describe('finalMessageKey', () => {
  it('says why a booking closed', () => {
    expect(finalMessageKey({ state: 'ended', closeReason: 'user' })).toBe('lockers.finalEnded');
    expect(finalMessageKey({ state: 'ended', closeReason: 'unused' })).toBe('lockers.finalUnused');
    expect(finalMessageKey({ state: 'ended', closeReason: 'cleared_by_staff' })).toBe(
      'lockers.finalClearedByStaff',
    );
    expect(finalMessageKey({ state: 'timed_out', closeReason: 'hold' })).toBe('lockers.finalHoldLapsed');
    expect(finalMessageKey({ state: 'timed_out', closeReason: 'no_show' })).toBe('lockers.finalNoShow');
    expect(finalMessageKey({ state: 'timed_out', closeReason: 'waitlist' })).toBe(
      'lockers.finalWaitlistLapsed',
    );
    expect(finalMessageKey({ state: 'timed_out', closeReason: null })).toBe('lockers.finalTimedOut');
    expect(finalMessageKey({ state: 'cancelled', closeReason: 'cancel' })).toBe('lockers.finalCancelled');
    expect(finalMessageKey({ state: 'cancelled', closeReason: 'refunded' })).toBe('lockers.finalRefunded');
    expect(finalMessageKey({ state: 'active', closeReason: null })).toBeNull();
  });
});
