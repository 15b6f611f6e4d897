import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { OrdersDeps } from './deps.ts';
import { type OrderRow, orders } from './schema.ts';

/**
 * What a paid order earns its shop (docs/shops.md#money): what the shopper paid, less what went back to
 * them and Petti's fees (delivery, small cart, packaging); Petti keeps no fee on an order refunded in
 * full. The money screen and the shop's settlements both count by this one rule.
 */
export function shopShare(
  o: Pick<OrderRow, 'totalPaise' | 'price'>,
  refundedPaise: number,
): { pettiFeesPaise: number; owedPaise: number } {
  const fees = o.price.deliveryFeePaise + o.price.smallCartFeePaise + o.price.packagingFeePaise;
  const pettiFeesPaise = refundedPaise >= o.totalPaise ? 0 : fees;
  return { pettiFeesPaise, owedPaise: Math.max(0, o.totalPaise - refundedPaise - pettiFeesPaise) };
}

export interface OrderShare {
  orderId: string;
  sellerId: string;
  paymentId: string;
  sharePaise: number;
  /** Petti's fees on it now (shopShare's). */
  pettiFeesPaise: number;
}

/** Paid orders' shares now (an order never paid, or not found, is left out). */
export async function orderShares(
  deps: Pick<OrdersDeps, 'payments'>,
  q: DbOrTx,
  where: { orderIds: readonly string[] } | { sellerId: string },
): Promise<OrderShare[]> {
  if ('orderIds' in where && !where.orderIds.length) return [];
  // An invoice number is given when the payment is captured: paid orders have one.
  const rows = await q
    .select()
    .from(orders)
    .where(
      and(
        isNotNull(orders.invoiceNo),
        'orderIds' in where ? inArray(orders.id, [...where.orderIds]) : eq(orders.sellerId, where.sellerId),
      ),
    );
  const paid = new Map(
    (
      await deps.payments.summaries(
        q,
        rows.flatMap((r) => (r.paymentId ? [r.paymentId] : [])),
      )
    ).map((p) => [p.id, p]),
  );
  return rows.flatMap((o) => {
    const payment = o.paymentId ? paid.get(o.paymentId) : undefined;
    if (!payment || !o.paymentId) return [];
    const { owedPaise, pettiFeesPaise } = shopShare(o, payment.refundedPaise);
    return [
      { orderId: o.id, sellerId: o.sellerId, paymentId: o.paymentId, sharePaise: owedPaise, pettiFeesPaise },
    ];
  });
}
