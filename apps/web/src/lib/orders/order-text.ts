import type { Order } from '@petti/shared/schemas/orders';
import { shopNameIn } from '../shop/shop-name.ts';

/** A name from `{ en, ta }` in the user's language. */
export function nameIn(name: { en: string; ta: string }, language: string | undefined): string {
  return (language === 'ta' && name.ta) || name.en;
}

/** The shop's name on an order, in the user's language. */
export function shopNameOf(order: Pick<Order, 'seller'>, language: string | undefined): string {
  return shopNameIn(order.seller, language);
}

/** Units on the order (not lines). */
export function unitCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((n, i) => n + i.quantity, 0);
}

export function dateTimeFormat(language: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language === 'ta' ? 'ta-IN' : 'en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });
}
