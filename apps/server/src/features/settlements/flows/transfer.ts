import { eq } from 'drizzle-orm';
import { callStep, dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import { PaymentProviderError } from '../../../platform/payments/payment-provider.ts';
import type { RouteTransfer } from '../../../platform/payments/route-provider.ts';
import { postTransfer } from '../books.ts';
import type { SettlementsDeps } from '../deps.ts';
import { shopTransfers } from '../schema.ts';
import { settlementStore, type TransferRow } from '../store.ts';
import { settlementTimers } from '../timers.ts';

export interface TransferRequest {
  orderId: string;
  sellerId: string;
  paymentId: string;
  sharePaise: number;
  /** The provider's payment, when the transfer can come from it (never refunded yet). */
  providerPaymentId: string | null;
}

/** A transfer reserved and not yet confirmed by the provider: what asking again needs. */
interface Reserved {
  id: string;
  orderId: string;
  linkedAccountId: string;
  amountPaise: number;
  providerPaymentId: string | null;
  /** The provider may have been asked before (a run that died): look up first. */
  retry: boolean;
}

/**
 * `settlements.transfer` (docs/shops.md#settlement): reserve under the shop's payout account lock,
 * keeping back what the shop owes Petti; send through the provider (the pivot; our id is in its notes,
 * so a retry cannot send twice); record. A provider that refuses marks it failed, to be tried again
 * when the shop's account changes; one that cannot be reached leaves it pending for the order's timer.
 */
export function defineTransferFlow(deps: SettlementsDeps) {
  const { clock, route } = deps;

  const reserve = dbStep({
    name: 'settlements.reserve-transfer',
    async run(fx, input: TransferRequest) {
      const tx = fx.tx;
      const account = await settlementStore.account(tx, input.sellerId, true);
      if (account?.status !== 'activated' || !account.linkedAccountId) return undoWith(null, { id: null });
      const existing = await settlementStore.transferOf(tx, input.orderId, true);
      if (existing && existing.status !== 'failed') return undoWith(null, { id: null });
      // The share as it stands under the lock: a refund committed since the run read it is not sent.
      const [current] = await deps.orders.shares(tx, { orderIds: [input.orderId] });
      const sharePaise = current?.sharePaise ?? 0;
      if (sharePaise <= 0) return undoWith(null, { id: null });
      // What the shop owes Petti, as the journal has it (its receivable), under the account's lock.
      const owed = Math.max(
        0,
        (await deps.journal.sellerBalances(tx, 'shop_receivable', input.sellerId)).get(input.sellerId) ?? 0,
      );
      const recovered = Math.min(owed, sharePaise);
      const amount = sharePaise - recovered;
      const now = clock.now();
      const values = {
        sellerId: input.sellerId,
        paymentId: input.paymentId,
        provider: deps.provider,
        linkedAccountId: account.linkedAccountId,
        providerTransferId: null,
        sharePaise,
        amountPaise: amount,
        recoveredPaise: recovered,
        // Nothing to send: all of it made up for refunds the shop owed.
        status: amount === 0 ? ('recovered' as const) : ('pending' as const),
        failure: null,
        updatedAt: now,
      };
      let id: string;
      if (existing) {
        id = existing.id;
        await tx.update(shopTransfers).set(values).where(eq(shopTransfers.id, id));
      } else {
        id = newId();
        await tx.insert(shopTransfers).values({ id, orderId: input.orderId, createdAt: now, ...values });
      }
      await postTransfer(deps, tx, id);
      const reserved: Reserved | null =
        amount === 0
          ? null
          : {
              id,
              orderId: input.orderId,
              linkedAccountId: account.linkedAccountId,
              amountPaise: amount,
              providerPaymentId: input.providerPaymentId,
              retry: false,
            };
      return undoWith(reserved, { id, before: existing ?? null });
    },
    async undo(fx, data: { id: string | null; before?: TransferRow | null }) {
      if (!data.id) return;
      if (!data.before) await fx.tx.delete(shopTransfers).where(eq(shopTransfers.id, data.id));
      else {
        const { id: _id, createdAt: _c, updatedAt: _u, settledAt: _s, ...before } = data.before;
        await fx.tx.update(shopTransfers).set(before).where(eq(shopTransfers.id, data.id));
      }
      await postTransfer(deps, fx.tx, data.id);
    },
  });

  const send = callStep({
    name: 'settlements.send-transfer',
    pivot: true,
    run: (r: Reserved) =>
      route.transfer(
        {
          account: r.linkedAccountId,
          amount: r.amountPaise,
          ...(r.providerPaymentId && { paymentId: r.providerPaymentId }),
          notes: { petti_transfer: r.id, order: r.orderId },
        },
        { retry: r.retry },
      ),
  });

  const record = dbStep({
    name: 'settlements.record-transfer',
    async run(fx, input: { id: string; made: RouteTransfer }) {
      await fx.tx
        .update(shopTransfers)
        .set({
          providerTransferId: input.made.id,
          status: input.made.status === 'failed' ? 'failed' : 'processed',
          failure: input.made.error,
          settlementId: input.made.settlementId,
          updatedAt: clock.now(),
        })
        .where(eq(shopTransfers.id, input.id));
      await postTransfer(deps, fx.tx, input.id);
    },
  });

  const refused = dbStep({
    name: 'settlements.transfer-refused',
    async run(fx, input: { id: string; failure: string; fromPayment: boolean }) {
      const [row] = await fx.tx
        .select()
        .from(shopTransfers)
        .where(eq(shopTransfers.id, input.id))
        .for('update');
      if (row?.status !== 'pending') return;
      // Razorpay refuses a transfer from a payment refunded in part, and a refund may be on its way
      // while the transfer is: asked from the payment and refused, it stays pending with the words
      // kept, and the order's timer asks once more from Petti's balance. Refused again, it fails.
      if (input.fromPayment) {
        await fx.tx
          .update(shopTransfers)
          .set({
            failure: `refused from its payment: ${input.failure}`.slice(0, 300),
            updatedAt: clock.now(),
          })
          .where(eq(shopTransfers.id, row.id));
        await settlementTimers.order(fx.tx, clock, row.orderId);
        return;
      }
      await settlementStore.markFailed(fx.tx, row, input.failure, clock.now());
      await postTransfer(deps, fx.tx, row.id);
    },
  });

  const flow = deps.flows.define<
    TransferRequest | { resume: TransferRow; providerPaymentId: string | null },
    void
  >({
    name: 'settlements.transfer',
    steps: [reserve, send, record, refused],
    async run(flow, input) {
      let reserved: Reserved | null;
      if ('resume' in input) {
        const t = input.resume;
        reserved = {
          id: t.id,
          orderId: t.orderId,
          linkedAccountId: t.linkedAccountId,
          amountPaise: t.amountPaise,
          providerPaymentId: input.providerPaymentId,
          retry: true,
        };
      } else {
        reserved = await flow.db(reserve, input);
      }
      if (!reserved) return;
      let made: RouteTransfer;
      try {
        made = await flow.call(send, reserved);
      } catch (err) {
        // A 4xx is the provider saying no; anything else may have reached it, so the timer asks again.
        if (err instanceof PaymentProviderError && err.status >= 400 && err.status < 500) {
          await flow.db(
            refused,
            { id: reserved.id, failure: err.message, fromPayment: Boolean(reserved.providerPaymentId) },
            { ends: true },
          );
          return;
        }
        throw err;
      }
      await flow.db(record, { id: reserved.id, made }, { ends: true });
    },
  });
  return flow;
}
