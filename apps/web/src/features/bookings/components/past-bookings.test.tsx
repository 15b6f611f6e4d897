// @vitest-environment happy-dom
import type { Booking } from '@petti/shared/schemas/lockers';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { PastBookings } from './past-bookings.tsx';

const ended = (id: string, endedAt: string) =>
  ({
    id,
    state: 'ended',
    siteId: 'bus-stand',
    site: { id: 'bus-stand', name: { en: 'Bus Stand Lockers', ta: 'பேருந்து நிலைய லாக்கர்கள்' } },
    size: 'M',
    locker: null,
    startsAt: endedAt,
    endsAt: endedAt,
    endedAt,
  }) as unknown as Booking;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('past bookings', () => {
  it('say the day of each as well as its time, one that ended today too, in English and Tamil', async () => {
    // 2026-11-28 15:00 in Sivakasi; one booking ended this morning, one three days before.
    vi.useFakeTimers({ now: Date.parse('2026-11-28T09:30:00Z'), toFake: ['Date'] });
    const data = [ended('b1', '2026-11-28T05:00:00Z'), ended('b2', '2026-11-25T11:00:00Z')];
    fakeApi({ '/api/bookings': { data, nextCursor: null } });
    for (const language of ['en', 'ta'] as const) {
      await renderPage(<PastBookings />, { language });
      fireEvent.click(screen.getByTestId('show-past'));
      const list = await screen.findByTestId('past-list');
      const times = [...list.querySelectorAll('.past-list__when')].map((e) => e.textContent ?? '');
      expect(times).toHaveLength(2);
      expect(times[0]).toMatch(/28/);
      expect(times[0]).toMatch(/10:30/);
      expect(times[1]).toMatch(/25/);
      cleanup();
    }
  });
});
