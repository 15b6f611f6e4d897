import { fiscalYearOf, invoiceNumber } from '@petti/shared/rules/fiscal-year';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { GrantRefused } from '../payments/index.ts';
import type { OrdersDeps } from './deps.ts';
import { orders, shopInvoiceCounters } from './schema.ts';
import { toOrder } from './views.ts';

/**
 * The shop's next invoice number in the financial year of `at`, taken in the paying transaction: its
 * counter row stays locked until that commits, so two payments at one shop get consecutive numbers,
 * and one rolled back gives its number back (no gaps, as GST asks).
 */
async function nextInvoiceNumber(tx: DbOrTx, sellerId: string, at: Date): Promise<string> {
  const fiscalYear = fiscalYearOf(at);
  const [row] = await tx
    .insert(shopInvoiceCounters)
    .values({ sellerId, fiscalYear, last: 1 })
    .onConflictDoUpdate({
      target: [shopInvoiceCounters.sellerId, shopInvoiceCounters.fiscalYear],
      set: { last: sql`${shopInvoiceCounters.last} + 1` },
    })
    .returning({ last: shopInvoiceCounters.last });
  return invoiceNumber(fiscalYear, row!.last);
}

/**
 * What a captured order payment grants, inside the payments module's capture transaction: the
 * order goes from `awaiting_payment` to `placed` (and a Delivery Pass delivery is counted). A
 * payment that arrives after the order timed out or was cancelled is refused, and the payments
 * module refunds it in full (docs/payments.md).
 */
export function registerOrderPaymentHooks(deps: OrdersDeps): void {
  const { core, payments, plans } = deps;
  const { log } = core.deps;

  payments.onCaptured('order', async (fx, payment) => {
    const tx = fx.tx;
    const o = await core.lockOrder(tx, payment.subjectId);
    if (!o) return void log.error({ paymentId: payment.id }, 'order payment without an order');
    if (o.paymentId !== payment.id) throw new GrantRefused('OrderStateInvalid');
    if (o.state !== 'awaiting_payment') {
      throw new GrantRefused(
        'OrderStateInvalid',
        'The order was cancelled or timed out before the payment arrived; it will be refunded.',
      );
    }
    await core.transition(fx, o, 'placed', {
      patch: {
        holdExpiresAt: null,
        invoiceNo: await nextInvoiceNumber(tx, o.sellerId, core.deps.clock.now()),
      },
      note: `payment ${payment.id}`,
    });
    if (o.deliveryPassId) await plans.useDelivery(tx, o.deliveryPassId);
  });

  // `granted` in the payment confirmation: the order as it now is.
  payments.describe('order', async (q, payment) => {
    const [row] = await q.select().from(orders).where(eq(orders.id, payment.subjectId));
    if (!row) return null;
    return { order: await toOrder(deps, q, row) };
  });
}
