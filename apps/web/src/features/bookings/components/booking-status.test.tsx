// @vitest-environment happy-dom
import type { Booking } from '@petti/shared/schemas/lockers';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveEventMeta } from '../../../lib/realtime/index.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { BookingStatus } from './booking-status.tsx';

let deliver: ((e: LiveEvent, meta: LiveEventMeta) => void) | null = null;
vi.mock('../../../lib/realtime/index.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/realtime/index.ts')>()),
  useLiveEvents: (listener: (e: LiveEvent, meta: LiveEventMeta) => void) => {
    deliver = listener;
  },
}));

const NOW = Date.parse('2026-11-25T05:00:00Z'); // 10:30 in Sivakasi
const booking = {
  id: 'b1',
  state: 'reserved',
  siteId: 'sattur-road',
  site: {
    id: 'sattur-road',
    name: { en: 'Sattur Road Lockers', ta: 'சாத்தூர் சாலை லாக்கர்கள்' },
    type: 'public_lockers',
  },
  size: 'S',
  locker: { id: 'sattur-road-S01', label: 'S01', column: 1, row: 1, low: true },
  startsAt: '2026-11-25T04:30:00Z',
  endsAt: '2026-11-25T06:30:00Z',
  durationHours: 2,
  extendedHours: 0,
  scheduled: false,
  preferLow: false,
  holdExpiresAt: null,
  pin: '482913',
  pinExpiresAt: '2026-11-25T06:30:00Z',
  price: { amountPaise: 6000, basePaise: 6000, taxPaise: 915, planHours: 0, planId: null, currency: 'INR' },
  overstay: null,
  pendingExtension: null,
  waitlistPosition: null,
  siteOffline: null,
  openedAt: null,
  endedAt: null,
  closeReason: null,
  createdAt: '2026-11-25T04:30:00Z',
  updatedAt: '2026-11-25T04:30:00Z',
} as Booking;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a live booking', () => {
  it('says when the site keypad is paused and that the app still opens the locker', async () => {
    fakeApi({});
    await renderPage(<BookingStatus booking={booking} nowMs={NOW} />);
    expect(screen.queryByTestId('keypad-paused')).toBeNull();
    const event = (bookingId: string) =>
      ({
        event: 'keypadPaused',
        data: { bookingId, until: '2026-11-25T05:04:00Z' },
        SessionID: null,
      }) as unknown as LiveEvent;
    act(() => deliver!(event('another-booking'), { fromThisDevice: false }));
    expect(screen.queryByTestId('keypad-paused')).toBeNull();
    act(() => deliver!(event('b1'), { fromThisDevice: false }));
    const notice = screen.getByTestId('keypad-paused');
    expect(notice.textContent).toMatch(/keypad takes none until 10:34/i);
    expect(notice.textContent).toContain('Open from the app');
    expect(screen.getByRole('button', { name: /Open from the app/ })).toBeTruthy();
  });

  it('says, from the booking as read, that its site is offline and what still opens it, with no Open from the app', async () => {
    fakeApi({});
    const offline = { since: '2026-11-25T04:50:00Z', pinWorksUntil: '2026-11-25T06:30:00Z' };
    await renderPage(<BookingStatus booking={{ ...booking, siteOffline: offline }} nowMs={NOW} />);
    expect(screen.getByTestId('offline-pin-note').textContent).toMatch(
      /offline right now\. Your PIN still opens your locker at the keypad until 12:00/,
    );
    expect(screen.queryByRole('button', { name: /Open from the app/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /New PIN/ })).toBeNull();
    // A PIN the keypad does not hold: neither opens it until the site is back, and it says so.
    cleanup();
    await renderPage(
      <BookingStatus
        booking={{ ...booking, siteOffline: { ...offline, pinWorksUntil: null } }}
        nowMs={NOW}
      />,
      { language: 'ta' },
    );
    expect(screen.getByTestId('offline-pin-note').textContent).toContain('ஆப்பாலும் விசைப்பலகையாலும்');
    // Back online, the booking as read says nothing of it, and the app opens the door again.
    cleanup();
    await renderPage(<BookingStatus booking={booking} nowMs={NOW} />);
    expect(screen.queryByTestId('offline-pin-note')).toBeNull();
    expect(screen.getByRole('button', { name: /Open from the app/ })).toBeTruthy();
  });
});
