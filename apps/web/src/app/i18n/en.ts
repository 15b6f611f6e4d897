import { addressesEn } from '../../features/addresses/messages.en.ts';
import { lockersEn } from '../../features/bookings/messages.en.ts';
import { cartEn } from '../../features/cart/messages.en.ts';
import { shopEn } from '../../features/catalog/messages.en.ts';
import { complexEn } from '../../features/complex/messages.en.ts';
import { grabEn } from '../../features/grab-and-go/messages.en.ts';
import { helpEn } from '../../features/help/messages.en.ts';
import { notificationsEn } from '../../features/notifications/messages.en.ts';
import { ordersEn } from '../../features/orders/messages.en.ts';
import { paymentsEn } from '../../features/payments/messages.en.ts';
import { plansEn } from '../../features/plans/messages.en.ts';
import { sellersEn } from '../../features/sellers/messages.en.ts';
import type { shopsEn } from '../../features/shops/messages.en.ts';
import { commonEn } from '../../lib/i18n/en.ts';
import type { Widen } from '../../lib/i18n/widen.ts';

/**
 * Every English string: the common ones from lib/i18n and each feature's own, under the feature's
 * key. Assembled here because only app/ may import every feature. `ta.ts` must have exactly the same
 * keys (the type below and resources.test.ts enforce it).
 */
export const en = {
  ...commonEn,
  payments: paymentsEn,
  plans: plansEn,
  lockers: lockersEn,
  notifications: notificationsEn,
  shop: shopEn,
  cart: cartEn,
  grab: grabEn,
  complex: complexEn,
  orders: ordersEn,
  addresses: addressesEn,
  sellers: sellersEn,
  help: helpEn,
};

/**
 * The shop's side has its own section (`shops`), loaded by its screens only (resources.ts): first
 * screens do not carry it.
 */
export type LateSections = { shops: typeof shopsEn };

/** What a translation must provide: every key of the English strings. `t` is typed against it. */
export type Messages = Widen<typeof en & LateSections>;
/** What the language chunk itself holds: everything but the late sections. */
export type FirstMessages = Omit<Messages, keyof LateSections>;
