import type { Notification } from '@petti/shared/schemas/lockers';

/** Where a notification leads: the booking, the order or the plan it is about (null: nowhere). */
export function notificationLink(n: Pick<Notification, 'kind' | 'data'>): string | null {
  const d = n.data;
  const str = (v: unknown) => (typeof v === 'string' && v ? encodeURIComponent(v) : null);
  const booking = str(d.bookingId);
  const site = str(d.siteId);
  if (booking && site) return `/booking/${site}?booking=${booking}`;
  const payment = str(d.paymentId);
  // A refund opens its receipt; a plan's activation (which also names its payment) opens the plan.
  if (payment && n.kind.startsWith('payment')) return `/bookings?receipt=${payment}`;
  const order = str(d.orderId);
  if (order) return `/profile/MyOrders/${order}`;
  if (str(d.subscriptionId) || n.kind === 'subscriptionActivated' || n.kind === 'planRenewal')
    return '/subscribed';
  if (n.kind.startsWith('payment')) return '/bookings';
  return null;
}

/** The icon group a notification shows. */
export function notificationIcon(kind: string): 'locker' | 'order' | 'plan' | 'payment' | 'alert' {
  if (
    kind === 'attentionRequired' ||
    kind === 'lockerOffline' ||
    kind.endsWith('TimedOut') ||
    kind === 'bookingExpired'
  )
    return 'alert';
  if (kind.startsWith('order')) return 'order';
  if (kind.startsWith('payment')) return 'payment';
  if (kind.startsWith('subscription') || kind.startsWith('plan')) return 'plan';
  return 'locker';
}
