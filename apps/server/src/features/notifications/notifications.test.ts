import { EVENTS } from '@petti/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { shopper } from '../../test/locker-helpers.ts';
import { EVENTS_WITH_TEXTS, eventTexts } from '../bookings/event-texts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
});
afterAll(() => t.close());

describe('notifications', () => {
  it('pages newest first with the unread count; marks one or all read; only the owner’s', async () => {
    const u = await shopper(t);
    const other = await shopper(t);
    for (let i = 0; i < 23; i++) {
      t.clock.advance(1000);
      await t.app.services.notifications.add(t.ctx.database.db, {
        userId: u.userId,
        kind: 'bookingReserved',
        title: { en: `n${i}`, ta: `n${i}` },
        body: { en: 'b', ta: 'b' },
        data: { bookingId: `b${i}` },
      });
    }
    const p1 = (await u.call('GET', '/api/notifications')).json();
    expect(p1).toMatchObject({ page: 1, pageSize: 20, total: 23, unreadCount: 23 });
    expect(p1.items).toHaveLength(20);
    expect(p1.items[0].title.en).toBe('n22');
    const p2 = (await u.call('GET', '/api/notifications?page=2')).json();
    expect(p2.items.map((n: { title: { en: string } }) => n.title.en)).toEqual(['n2', 'n1', 'n0']);

    const one = await u.call('POST', `/api/notifications/${p1.items[0].id}/read`);
    expect(one.statusCode).toBe(200);
    expect(one.json().readAt).toBe(t.clock.now().toISOString());
    expect((await u.call('GET', '/api/notifications')).json().unreadCount).toBe(22);
    expect((await other.call('POST', `/api/notifications/${p1.items[1].id}/read`)).statusCode).toBe(404);
    expect((await other.call('GET', '/api/notifications')).json().total).toBe(0);

    const all = await u.call('POST', '/api/notifications/read-all');
    expect(all.json()).toEqual({ updated: 22 });
    expect((await u.call('GET', '/api/notifications')).json().unreadCount).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('the booking event catalogue', () => {
  const bookingEvents = [
    'bookingCreated',
    'bookingCreatedScheduled',
    'bookingCreatedExtended',
    'bookingCreatedWaitlisted',
    'bookingTimedOut',
    'bookingReserved',
    'waitingForUnlock',
    'unlockStatus',
    'pinExpiryUpdated',
    'dynamicPinChanged',
    'dynamicPinDeleted',
    'bookingEnded',
    'bookingExpired',
    'bookingStatusChanged',
    'userBookingDeleted',
    'attentionRequired',
    'otherSizeLockersReceived',
    'sameSizeScheduledBookingOffered',
    'otherAvailabilityData',
    'UserNotEnable',
    'lockerOffline',
    'availableLockerFound',
    'updateExpiredBookingTaskToken',
  ];

  it('names every booking event in the shared catalogue, each with English and Tamil words', () => {
    for (const name of bookingEvents) {
      expect(EVENTS, name).toHaveProperty(name, name);
      expect(EVENTS_WITH_TEXTS).toContain(name);
      const texts = eventTexts(name, {
        site: { en: 'Bus Stand Lockers', ta: 'பேருந்து நிலைய லாக்கர்கள்' },
        size: 'M',
      });
      for (const part of [texts.title, texts.body]) {
        expect(part.en.length, name).toBeGreaterThan(3);
        expect(part.ta, name).toMatch(/[\u0B80-\u0BFF]/); // Tamil script
      }
    }
  });
});
