import { addressesTa } from '../../features/addresses/messages.ta.ts';
import { lockersTa } from '../../features/bookings/messages.ta.ts';
import { cartTa } from '../../features/cart/messages.ta.ts';
import { shopTa } from '../../features/catalog/messages.ta.ts';
import { complexTa } from '../../features/complex/messages.ta.ts';
import { grabTa } from '../../features/grab-and-go/messages.ta.ts';
import { helpTa } from '../../features/help/messages.ta.ts';
import { notificationsTa } from '../../features/notifications/messages.ta.ts';
import { ordersTa } from '../../features/orders/messages.ta.ts';
import { paymentsTa } from '../../features/payments/messages.ta.ts';
import { plansTa } from '../../features/plans/messages.ta.ts';
import { sellersTa } from '../../features/sellers/messages.ta.ts';
import { commonTa } from '../../lib/i18n/ta.ts';
import type { FirstMessages } from './en.ts';

/** Every Tamil string: the same keys as en.ts (checked by the `Messages` type and resources.test.ts). */
export const ta: FirstMessages = {
  ...commonTa,
  payments: paymentsTa,
  plans: plansTa,
  lockers: lockersTa,
  notifications: notificationsTa,
  shop: shopTa,
  cart: cartTa,
  grab: grabTa,
  complex: complexTa,
  orders: ordersTa,
  addresses: addressesTa,
  sellers: sellersTa,
  help: helpTa,
};
