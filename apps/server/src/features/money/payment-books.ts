import type { DbOrTx } from '../../db/client.ts';
import type { PaymentRow } from '../payments/index.ts';
import type { MoneyDeps } from './deps.ts';
import { alignScope, type Balance } from './journal.ts';

const CAPTURED = new Set(['captured', 'partially_refunded', 'refunded']);
/** Sales Petti takes for others than shops on Route: no transfer takes them out yet. */
const HELD_FOR_SELLERS = new Set(['grab', 'complex']);

export const paymentScope = (paymentId: string) => `payment:${paymentId}`;

/**
 * A payment's part of the books, as its row says now (docs/payments.md#the-money-journal): what the
 * provider holds of it (captured less refunded) on one side; on the other, for an order, the shop's
 * share and Petti's fees by the shop-share rule; for a locker or plan, Petti's sale; for grab-and-go
 * and complex sales, what Petti holds for their seller; for a payment that could not be granted,
 * what is owed back to the shopper.
 */
export async function paymentTarget(
  deps: Pick<MoneyDeps, 'orders'>,
  q: DbOrTx,
  p: PaymentRow,
): Promise<Balance[]> {
  const net = CAPTURED.has(p.status) ? p.amountPaise - p.refundedPaise : 0;
  const orderId = p.purpose === 'order' ? p.subjectId : null;
  const tag = { paymentId: p.id, orderId };
  const target: Balance[] = [{ account: 'provider', ...tag, amountPaise: net }];
  if (p.grantError) target.push({ account: 'refunds_due', ...tag, amountPaise: -net });
  else if (orderId) {
    // An order never granted (no invoice) has no split: its money waits in suspense, and is reported.
    const split = net ? await deps.orders.split(q, orderId) : null;
    if (split) {
      target.push({
        account: 'shop_payable',
        ...tag,
        sellerId: split.sellerId,
        amountPaise: -split.sharePaise,
      });
      target.push({ account: 'petti_fees', ...tag, amountPaise: -split.pettiFeesPaise });
    }
  } else if (HELD_FOR_SELLERS.has(p.purpose))
    target.push({ account: 'held_for_sellers', ...tag, amountPaise: -net });
  else target.push({ account: 'petti_sales', ...tag, amountPaise: -net });
  return target;
}

/** Every capture, refund and refusal is posted in its own transaction, under the payment's row lock. */
export function registerPaymentBooks(deps: MoneyDeps): void {
  deps.payments.onMoneyMoved(async (fx, payment) => {
    await alignScope(fx.tx, {
      kind: 'payment',
      scope: paymentScope(payment.id),
      at: deps.clock.now(),
      memo: `${payment.purpose} ${payment.status}`,
      target: await paymentTarget(deps, fx.tx, payment),
    });
  });
}
