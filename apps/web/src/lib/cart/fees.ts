import { formatRupees } from '@petti/shared/rules/money';
import type { OrderPrice } from '@petti/shared/rules/order-pricing';

/**
 * The all-in price of an order as /MyCart, /procced and the order page show it (every fee
 * itemised before paying, nothing added later). Amounts are the server's
 * (shared rules/order-pricing.ts, via POST /api/orders/quote or the order); this only decides which
 * rows to show and how, so the app shows exactly what is charged.
 */

export type PriceBreakdown = Pick<
  OrderPrice,
  | 'itemsPaise'
  | 'savingsPaise'
  | 'deliveryFeePaise'
  | 'deliveryFeeBeforeWaiverPaise'
  | 'deliveryWaived'
  | 'deliveryKm'
  | 'smallCartFeePaise'
  | 'packagingFeePaise'
  | 'taxPaise'
  | 'totalPaise'
>;

export type FeeRowKey = 'items' | 'delivery' | 'smallCart' | 'packaging' | 'total' | 'gst' | 'savings';

export interface FeeRow {
  key: FeeRowKey;
  /** Display text of the amount ("₹20"). `free` rows show the translated word instead. */
  amount: string;
  free?: boolean;
  /** The waived fee, shown struck through beside "Free". */
  struck?: string;
  /** Kilometres the delivery fee is for. */
  km?: number;
  /** Rows that explain rather than add (GST inside the total, savings). */
  note?: boolean;
}

/**
 * The rows, in order: items, each fee that applies (delivery whenever there is a delivery, so a
 * waived one shows as free), the total, the GST inside it and the savings.
 */
export function feeRows(price: PriceBreakdown): FeeRow[] {
  const rows: FeeRow[] = [{ key: 'items', amount: formatRupees(price.itemsPaise) }];
  if (price.deliveryWaived) {
    rows.push({
      key: 'delivery',
      amount: formatRupees(0),
      free: true,
      struck: formatRupees(price.deliveryFeeBeforeWaiverPaise),
      km: price.deliveryKm,
    });
  } else if (price.deliveryFeePaise > 0) {
    rows.push({ key: 'delivery', amount: formatRupees(price.deliveryFeePaise), km: price.deliveryKm });
  }
  if (price.smallCartFeePaise > 0)
    rows.push({ key: 'smallCart', amount: formatRupees(price.smallCartFeePaise) });
  if (price.packagingFeePaise > 0)
    rows.push({ key: 'packaging', amount: formatRupees(price.packagingFeePaise) });
  rows.push({ key: 'total', amount: formatRupees(price.totalPaise) });
  rows.push({ key: 'gst', amount: formatRupees(price.taxPaise), note: true });
  if (price.savingsPaise > 0)
    rows.push({ key: 'savings', amount: formatRupees(price.savingsPaise), note: true });
  return rows;
}

/** Items + fees must equal the total; a breakdown that does not is a bug, never shown as final. */
export function addsUp(price: PriceBreakdown): boolean {
  return (
    price.itemsPaise + price.deliveryFeePaise + price.smallCartFeePaise + price.packagingFeePaise ===
    price.totalPaise
  );
}
