import { describe, expect, it } from 'vitest';
import { notificationIcon, notificationLink } from './notification-link.ts';

describe('notificationLink', () => {
  it('leads to the booking, the order or the plan', () => {
    expect(
      notificationLink({ kind: 'bookingReserved', data: { bookingId: 'b1', siteId: 'bus-stand' } }),
    ).toBe('/booking/bus-stand?booking=b1');
    expect(notificationLink({ kind: 'orderPlaced', data: { orderId: 'o1' } })).toBe('/profile/MyOrders/o1');
    expect(notificationLink({ kind: 'planRenewal', data: { subscriptionId: 's1' } })).toBe('/subscribed');
    expect(notificationLink({ kind: 'paymentRefunded', data: {} })).toBe('/bookings');
    expect(notificationLink({ kind: 'paymentRefunded', data: { paymentId: 'p1', subjectId: 'o1' } })).toBe(
      '/bookings?receipt=p1',
    );
    expect(
      notificationLink({ kind: 'subscriptionActivated', data: { subscriptionId: 's1', paymentId: 'p1' } }),
    ).toBe('/subscribed');
    expect(notificationLink({ kind: 'complexMembershipDecided', data: { complexId: 'c1' } })).toBe(
      '/myComplex',
    );
    expect(
      notificationLink({ kind: 'shopNewOrder', data: { orderId: 'o1', shopId: 'sri-murugan-stores' } }),
    ).toBe('/shop/sri-murugan-stores');
    expect(notificationLink({ kind: 'something', data: {} })).toBeNull();
  });

  it('picks an icon by kind', () => {
    expect(notificationIcon('attentionRequired')).toBe('alert');
    expect(notificationIcon('bookingTimedOut')).toBe('alert');
    expect(notificationIcon('orderDelivered')).toBe('order');
    expect(notificationIcon('bookingEnded')).toBe('locker');
  });
});
