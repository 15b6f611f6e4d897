// @vitest-environment happy-dom
import type { LockerSite } from '@petti/shared/schemas/lockers';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogStore } from '../../../lib/ui/dialog-store.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { BookingForm } from './booking-form.tsx';

const size = (s: 'S' | 'M', free: number) => ({
  size: s,
  label: { en: s, ta: s },
  fits: { en: 'a bag', ta: 'ஒரு பை' },
  innerCm: { w: 30, h: 30, d: 40 },
  total: 6,
  free,
  freeLow: 0,
  price: { firstHourPaise: 5000, extraHourPaise: 2000, dayCapPaise: 30000 },
});
const site: LockerSite = {
  id: 'bus-stand',
  name: { en: 'Bus Stand Lockers', ta: 'பேருந்து நிலைய லாக்கர்கள்' },
  address: { en: 'Bus stand', ta: 'பேருந்து நிலையம்' },
  lat: 9.45,
  lng: 77.8,
  hours: { open: '00:00', close: '23:59' },
  openNow: true,
  type: 'public_lockers',
  complexId: null,
  acceptsParcels: true,
  online: true,
  bookableOffline: false,
  lastHeartbeatAt: null,
  sizes: [size('S', 0), size('M', 3)],
} as LockerSite;
const quote = (url: URL) => ({
  siteId: 'bus-stand',
  size: url.searchParams.get('size'),
  durationHours: 1,
  startsAt: '2026-11-25T10:00:00Z',
  endsAt: '2026-11-25T11:00:00Z',
  basePaise: 5000,
  planHours: 0,
  planId: null,
  amountPaise: 5000,
  taxPaise: 763,
  currency: 'INR',
});

afterEach(() => {
  cleanup();
  act(() => dialogStore.setState({ queue: [] }));
  vi.unstubAllGlobals();
});

describe('the booking form', () => {
  it('with the size full, offers the waitlist and never says "pay" (item 6)', async () => {
    fakeApi({ '/api/bookings/quote': quote });
    await renderPage(<BookingForm site={site} />);
    // The first size with a locker free is chosen first: a booking paid now.
    await waitFor(() => expect(screen.getByTestId('book-submit').textContent).toBe('Book and pay ₹50'));
    fireEvent.click(screen.getByTestId('size-S'));
    await waitFor(() => expect(screen.getByTestId('book-submit').textContent).toBe('Join the waitlist'));
    fireEvent.click(screen.getByTestId('book-submit'));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    const [asked] = dialogStore.getState().queue;
    expect(asked!.options.confirmLabel).toBe('Join the waitlist');
    expect(asked!.options.message).toContain('nothing is charged until a locker is held for you');
    expect(asked!.options.message).not.toMatch(/^You pay/);
  });

  it('at a site closed now, starts at its next opening instead of "Now" with no price (item 6)', async () => {
    // Open for one hour from two hours ahead (town time): closed whenever this runs.
    const town = new Date(Date.now() + 330 * 60_000);
    const hour = (h: number) => `${String((town.getUTCHours() + h) % 24).padStart(2, '0')}:00`;
    const hours = { open: hour(2), close: hour(3) === '00:00' ? '24:00' : hour(3) };
    const asked: string[] = [];
    fakeApi({
      '/api/bookings/quote': (url: URL) => {
        asked.push(url.searchParams.get('startAt') ?? 'now');
        return quote(url);
      },
    });
    await renderPage(<BookingForm site={{ ...site, hours, openNow: false }} />);
    const note = await screen.findByTestId('site-closed-start');
    expect(note.textContent).toContain('This site is closed now. It opens at');
    expect((screen.getByTestId('start-now') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('start-later') as HTMLInputElement).checked).toBe(true);
    // The price is asked for the opening, and only for it.
    await waitFor(() => expect(screen.getByTestId('book-submit').textContent).toBe('Book and pay ₹50'));
    expect(asked).not.toContain('now');
    const opening = new Date(Date.parse(asked[0]!) + 330 * 60_000);
    expect(
      `${String(opening.getUTCHours()).padStart(2, '0')}:${String(opening.getUTCMinutes()).padStart(2, '0')}`,
    ).toBe(hours.open);
  });

  it('at a site offline a short while, still books and says the keypad will take the PIN', async () => {
    fakeApi({ '/api/bookings/quote': quote });
    await renderPage(<BookingForm site={{ ...site, online: false, bookableOffline: true }} />);
    await waitFor(() => expect(screen.getByTestId('book-submit').hasAttribute('disabled')).toBe(false));
    expect(screen.getByTestId('offline-booking-note').textContent).toContain(
      'your PIN will open the locker at its keypad',
    );
  });

  it('at a site offline too long, takes no booking and says why', async () => {
    fakeApi({ '/api/bookings/quote': quote });
    await renderPage(<BookingForm site={{ ...site, online: false, bookableOffline: false }} />);
    expect(
      await screen.findByText('This site is offline right now, so it cannot take bookings.'),
    ).toBeTruthy();
    expect(screen.getByTestId('book-submit').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('offline-booking-note')).toBeNull();
  });
});
