// @vitest-environment happy-dom
import type { Booking } from '@petti/shared/schemas/lockers';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { ExtendControl } from './extend-control.tsx';

const booking = {
  id: 'b1',
  state: 'active',
  size: 'S',
  endsAt: '2026-11-25T06:30:00Z',
  durationHours: 2,
  extendedHours: 0,
} as Booking;

/** The price of `hours` more: ₹30 an hour, the first one covered by the plan. */
const quote = (url: URL) => {
  const hours = Number(url.searchParams.get('hours'));
  return {
    siteId: 'sattur-road',
    size: 'S',
    durationHours: hours,
    startsAt: booking.endsAt,
    endsAt: booking.endsAt,
    basePaise: hours * 3000,
    planHours: 1,
    planId: 'locker-lite',
    amountPaise: (hours - 1) * 3000,
    taxPaise: (hours - 1) * 458,
    currency: 'INR',
  };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('extending a booking', () => {
  it('shows what the hours cost and what the plan covers before paying, and pays that', async () => {
    const { calls } = fakeApi({ '/api/bookings/b1/extend/quote': quote });
    const onExtend = vi.fn(async () => {});
    await renderPage(<ExtendControl booking={booking} onExtend={onExtend} extending={false} />);
    // One hour: the plan covers it all.
    await waitFor(() => expect(screen.getByTestId('extend-price').textContent).toContain('To pay ₹0'));
    expect(screen.getByTestId('extend-price').textContent).toContain('Your plan covers 1 h (₹30 off)');
    expect(screen.getByTestId('extend-booking').textContent).toBe('Add 1 h');

    fireEvent.change(screen.getByLabelText('Add hours'), { target: { value: '4' } });
    await waitFor(() => expect(screen.getByTestId('extend-booking').textContent).toBe('Add 4 h, pay ₹90'));
    expect(screen.getByTestId('extend-price').textContent).toContain('To pay ₹90');
    expect(calls.filter((c) => c.path === '/api/bookings/b1/extend/quote')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('extend-booking'));
    expect(onExtend).toHaveBeenCalledWith(4);
  });

  it('says so when the price cannot be had, and does not start a payment it cannot name', async () => {
    fakeApi({
      '/api/bookings/b1/extend/quote': {
        status: 409,
        body: { error: { code: 'BookingTooLong', message: 'A booking can last 72 hours at most.' } },
      },
    });
    await renderPage(<ExtendControl booking={booking} onExtend={vi.fn()} extending={false} />);
    await waitFor(() =>
      expect(screen.getByTestId('extend-price').textContent).toContain('Could not get the price.'),
    );
    expect((screen.getByTestId('extend-booking') as HTMLButtonElement).disabled).toBe(true);
  });
});
