import type { GrabCheckoutBody, GrabPurchase } from '@petti/shared/schemas/grab';
import { eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../http/app-error.ts';
import { dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import { assertPayable, sellerClosedError, validateCartItems } from '../../cart/index.ts';
import { sellerRows } from '../../sellers/index.ts';
import type { GrabDeps } from '../deps.ts';
import { grabPurchases } from '../schema.ts';

export interface CheckoutInput {
  userId: string;
  body: GrabCheckoutBody;
}

interface Reserved {
  purchaseId: string;
  totalPaise: number;
  taxPaise: number;
  shop: { en: string; ta: string };
}

/**
 * `grab.checkout` (docs/grab-and-go.md#paying, docs/decisions/0005-flows.md): one shop's group of the grab
 * cart, paid on its own.
 * 1. reserve (db): the lines re-read from the catalog exactly as a delivery cart is (BAD lines →
 *    `cartItemsError` with the per-item list, a changed price → `PaymentUpdatedException`, a closed shop →
 *    `SellerClosed`) and the purchase row written, priced from the database; undone by deleting it.
 * 2. the provider's order (call, no transaction open).
 * 3. record-payment (db): the payment stored and attached. Nothing after it can fail.
 * No stock is taken here: the goods are on the shelf or in the shopper's basket, and the stock is taken
 * when the payment is captured (`payment-hooks.ts`), so an abandoned payment holds nothing.
 */
export function defineCheckout(deps: GrabDeps) {
  const { payments, clock } = deps;

  const reserve = dbStep({
    name: 'grab.checkout.reserve',
    async run(fx, input: CheckoutInput) {
      const { body } = input;
      const [seller] = await sellerRows(fx.tx, [body.sellerId]);
      if (!seller) throw notFound('shop');
      if (!seller.active)
        throw new AppError('SellerUnavailable', undefined, { details: { sellerId: seller.id } });
      if (!seller.modes.includes('grab')) throw new AppError('GrabNotOffered');
      const now = clock.now();
      const check = await validateCartItems(fx.tx, body.items, now);
      const closed = sellerClosedError(check);
      if (closed) throw closed;
      assertPayable(check, seller.id);
      const lines = check.lines.map((l) => ({
        vrntId: l.vrntId,
        productId: l.productId,
        name: { en: l.name.en, ta: l.name.ta ?? l.name.en },
        quantity: l.quantity,
        unitPricePaise: l.unitPricePaise,
        mrpPaise: l.mrpPaise,
        alwaysInventory: l.alwaysInventory,
      }));
      const totalPaise = check.lines.reduce((n, l) => n + l.unitPricePaise * l.quantity, 0);
      const taxPaise = check.lines.reduce((n, l) => n + l.taxPaise, 0);
      const purchaseId = newId();
      await fx.tx.insert(grabPurchases).values({
        id: purchaseId,
        userId: input.userId,
        sellerId: seller.id,
        state: 'awaiting_payment',
        lines,
        totalPaise,
        taxPaise,
        createdAt: now,
      });
      const reserved: Reserved = {
        purchaseId,
        totalPaise,
        taxPaise,
        shop: { en: seller.brandName, ta: seller.brandNameTa ?? seller.brandName },
      };
      return undoWith(reserved, { purchaseId });
    },
    async undo(fx, { purchaseId }: { purchaseId: string }) {
      await fx.tx.delete(grabPurchases).where(eq(grabPurchases.id, purchaseId));
    },
  });

  const recordPayment = dbStep({
    name: 'grab.checkout.record-payment',
    async run(
      fx,
      args: {
        reserved: Reserved;
        draft: Parameters<typeof payments.record>[1];
        opened: { providerOrderId: string };
      },
    ) {
      const payment = await payments.record(fx.tx, args.draft, args.opened);
      await fx.tx
        .update(grabPurchases)
        .set({ paymentId: payment.id })
        .where(eq(grabPurchases.id, args.reserved.purchaseId));
      return args.reserved.purchaseId;
    },
  });

  return deps.flows.define({
    name: 'grab.checkout',
    steps: [reserve, payments.openProviderOrder, recordPayment],
    async run(flow, input: CheckoutInput): Promise<string> {
      const reserved = await flow.db(reserve, input);
      const draft = payments.draft({
        userId: input.userId,
        purpose: 'grab',
        subjectId: reserved.purchaseId,
        amountPaise: reserved.totalPaise,
        taxPaise: reserved.taxPaise,
        taxPercent: null,
        description: {
          en: `Grab-and-go at ${reserved.shop.en}`,
          ta: `${reserved.shop.ta} கடையில் கிராப் & கோ`,
        },
      });
      const opened = await flow.call(payments.openProviderOrder, draft);
      return flow.db(recordPayment, { reserved, draft, opened }, { ends: true });
    },
  });
}

export type CheckoutFlow = ReturnType<typeof defineCheckout>;
export type { GrabPurchase };
