import type { Notification } from '../schemas/lockers.ts';

/**
 * Where a notification leads: the booking, the order, the plan or the complex it is about (null:
 * nowhere). The inbox opens it on a tap, and so does an alert outside the app (docs/alerts.md).
 */
export function notificationLink(n: Pick<Notification, 'kind' | 'data'>): string | null {
  const d = n.data;
  const str = (v: unknown) => (typeof v === 'string' && v ? encodeURIComponent(v) : null);
  // An operator's alert opens the locker network, not a shopper's booking there.
  if (n.kind === 'operatorSiteOffline' || n.kind === 'operatorKeypadClosed') return '/operator/lockers';
  if (n.kind === 'moneyCheckFailed') return '/operator/money';
  const booking = str(d.bookingId);
  const site = str(d.siteId);
  if (booking && site) return `/booking/${site}?booking=${booking}`;
  const payment = str(d.paymentId);
  // A refund opens its receipt; a plan's activation (which also names its payment) opens the plan.
  if (payment && n.kind.startsWith('payment')) return `/bookings?receipt=${payment}`;
  // A shop's new order opens that shop's board, not the buyer's order page.
  const shop = str(d.shopId);
  if (shop && n.kind === 'shopNewOrder') return `/shop/${shop}`;
  const order = str(d.orderId);
  if (order) return `/profile/MyOrders/${order}`;
  if (str(d.subscriptionId) || n.kind === 'subscriptionActivated' || n.kind === 'planRenewal')
    return '/subscribed';
  if (n.kind.startsWith('payment')) return '/bookings';
  if (n.kind.startsWith('complex')) return '/myComplex';
  return null;
}

/** The icon group a notification shows. */
export function notificationIcon(kind: string): 'locker' | 'order' | 'plan' | 'payment' | 'alert' {
  if (
    kind === 'attentionRequired' ||
    kind === 'lockerOffline' ||
    kind === 'operatorSiteOffline' ||
    kind === 'operatorKeypadClosed' ||
    kind === 'moneyCheckFailed' ||
    kind.endsWith('TimedOut') ||
    kind === 'bookingExpired'
  )
    return 'alert';
  if (kind.startsWith('order')) return 'order';
  if (kind.startsWith('payment')) return 'payment';
  if (kind.startsWith('subscription') || kind.startsWith('plan')) return 'plan';
  return 'locker';
}
