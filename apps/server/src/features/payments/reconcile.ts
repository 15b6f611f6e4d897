import { formatRupees, type PaymentProviderName } from '@petti/shared';
import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { ProviderPayment, ProviderRefund } from '../../platform/payments/payment-provider.ts';
import { readAllPages } from '../../platform/payments/provider-pages.ts';
import type { PaymentsCore } from './core.ts';
import type { defineCaptureFlow } from './flows/capture.ts';
import type { Refunds } from './refunds.ts';
import { paymentRefunds, payments } from './schema.ts';
import { paymentStore } from './store.ts';
import type { PaymentRow } from './views.ts';

/** How far back the provider's payments are read on each run (a refund comes within weeks of its payment). */
export const PAYMENT_RECONCILE_WINDOW_DAYS = 60;
/** How often each process compares payments and refunds with the provider's records. */
export const PAYMENT_RECONCILE_EVERY_MS = 30 * 60_000;
/** A payment this new may still have its webhook on the way: not called unknown yet. */
const WEBHOOK_GRACE_MS = 10 * 60_000;

const TOOK_MONEY = new Set(['captured', 'refunded']);

export interface PaymentsReconciled {
  /** What was put right, one line each: a capture or a refund the provider made that Petti had not heard of. */
  repaired: string[];
  /** What was held for an operator (not Petti's to repair). */
  held: number;
}

/**
 * A provider's fact Petti will not apply, as the money checks hold it (features/money; given by the
 * composition, since the journal itself reads payments).
 */
export interface HeldFact {
  rule: string;
  subject: string;
  orderId?: string | null;
  expectedPaise: number;
  actualPaise: number;
  detail: string;
}
type Hold = (q: DbOrTx, f: HeldFact) => Promise<unknown>;

/**
 * Payments and their refunds against the provider's own records (docs/payments.md#reconciliation),
 * read outside any transaction. It repairs what the provider's records prove, through the paths its
 * webhooks take: a capture Petti never heard of runs the capture flow (granted, or refused and
 * refunded, as its webhook would have been); a refund the provider made that Petti has not recorded
 * is recorded (as its own reservation when it carries Petti's receipt). It holds what it cannot: a
 * payment of another amount, money taken that Petti has no payment for (a second payment of an
 * order, say), and a refund Petti recorded that the provider does not have.
 */
export function createPaymentReconciliation(
  core: PaymentsCore,
  refunds: Refunds,
  capture: ReturnType<typeof defineCaptureFlow>,
  hold: Hold,
) {
  const { db, clock, transactor } = core;

  /** The provider's payments since `from`, and whether that is all of them. */
  async function providerPayments(name: PaymentProviderName, from: Date) {
    const provider = core.providerFor(name);
    const { items, whole } = await readAllPages((skip, count) =>
      provider.listPayments({ from, skip, count }),
    );
    return { theirs: items, whole };
  }

  const held = (f: HeldFact) => transactor.run((tx) => hold(tx, f));

  /** The provider captured it and Petti never heard: the capture flow runs as its webhook would have. */
  async function captureLost(name: PaymentProviderName, p: ProviderPayment): Promise<boolean> {
    const out = await capture.run({
      source: 'webhook',
      provider: name,
      entity: {
        id: p.id,
        order_id: p.orderId,
        amount: p.amount,
        method: p.method,
        amount_refunded: p.amountRefunded,
      },
      // One claim per provider payment: a second run, or the late webhook itself, changes nothing.
      audit: {
        provider: name,
        source: 'webhook',
        kind: 'reconciliation',
        providerEventId: `${name}:reconciliation:${p.id}`,
        bodyHash: null,
        providerPaymentId: p.id,
        ip: null,
      },
    });
    return out.status === 'applied';
  }

  /** Refunds the provider made of a payment that Petti has not recorded: recorded, each once. */
  async function recordLostRefunds(row: PaymentRow, theirs: ProviderRefund[]): Promise<string[]> {
    return transactor.run(async (tx, fx) => {
      const done: string[] = [];
      let locked = await paymentStore.lock(tx, row.id);
      if (!locked) return done;
      const ours = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id));
      for (const r of theirs) {
        if (ours.some((o) => o.providerRefundId === r.refundId)) continue;
        const mine = ours.find((o) => o.id === r.receipt && o.status === 'pending');
        locked = mine
          ? await refunds.complete(
              fx,
              {
                refundId: mine.id,
                paymentId: row.id,
                provider: row.provider,
                providerPaymentId: locked.providerPaymentId!,
                amountPaise: mine.amountPaise,
                reason: mine.reason,
              },
              r,
            )
          : await refunds.recordReported(fx, locked, { providerRefundId: r.refundId, amountPaise: r.amount });
        done.push(
          `payment ${locked.receiptNumber}: refund ${r.refundId} of ${formatRupees(r.amount)} recorded`,
        );
      }
      return done;
    });
  }

  return async function reconcile(): Promise<PaymentsReconciled> {
    const now = clock.now();
    const from = new Date(now.getTime() - PAYMENT_RECONCILE_WINDOW_DAYS * 86_400_000);
    const repaired: string[] = [];
    let count = 0;
    /** Held for an operator, on the payment's order where it has one. */
    const report = (
      row: PaymentRow | undefined,
      rule: string,
      subject: string,
      expectedPaise: number,
      actualPaise: number,
      detail: string,
    ) => {
      count += 1;
      return held({
        rule,
        subject,
        orderId: row?.purpose === 'order' ? row.subjectId : null,
        expectedPaise,
        actualPaise,
        detail,
      });
    };
    for (const name of Object.keys(core.providers) as PaymentProviderName[]) {
      const { theirs, whole } = await providerPayments(name, from);
      const byOrder = new Map<string, PaymentRow>();
      const orderIds = [...new Set(theirs.flatMap((p) => (p.orderId ? [p.orderId] : [])))];
      for (let i = 0; i < orderIds.length; i += 500) {
        const rows = await db
          .select()
          .from(payments)
          .where(
            and(eq(payments.provider, name), inArray(payments.providerOrderId, orderIds.slice(i, i + 500))),
          );
        for (const r of rows) byOrder.set(r.providerOrderId, r);
      }
      for (const p of theirs) {
        const took = TOOK_MONEY.has(p.status);
        const row = p.orderId ? byOrder.get(p.orderId) : undefined;
        const settledHere = !!row?.capturedAt;
        if (!row || (settledHere && row.providerPaymentId !== p.id)) {
          // Money taken for no payment of Petti's, or a second payment of one already paid.
          const fresh = !p.createdAt || now.getTime() - p.createdAt.getTime() < WEBHOOK_GRACE_MS;
          if (!took || fresh) continue;
          await report(
            row,
            'provider_payment_unknown',
            p.id,
            0,
            p.amount - p.amountRefunded,
            row
              ? `The provider took ${formatRupees(p.amount)} again for payment ${row.receiptNumber} (${p.id}); Petti counts one payment`
              : `The provider took ${formatRupees(p.amount)} (${p.id}) for no payment Petti has`,
          );
          continue;
        }
        if (p.amount !== row.amountPaise) {
          await report(
            row,
            'provider_payment_amount',
            p.id,
            row.amountPaise,
            p.amount,
            `The provider has payment ${row.receiptNumber} (${p.id}) as ${formatRupees(p.amount)}; Petti asked for ${formatRupees(row.amountPaise)}`,
          );
          continue;
        }
        if (took && !settledHere) {
          if (await captureLost(name, p)) {
            repaired.push(`payment ${row.receiptNumber}: captured at the provider (${p.id}), recorded`);
            continue;
          }
          const after = await paymentStore.find(db, row.id);
          if (after?.capturedAt) continue;
          // The capture flow would not take it (a payment failed here long ago, say): money taken
          // that Petti does not count, for an operator to refund at the provider.
          await report(
            row,
            'provider_payment_unknown',
            p.id,
            0,
            p.amount - p.amountRefunded,
            `The provider took ${formatRupees(p.amount)} (${p.id}) for payment ${row.receiptNumber}, which Petti has as ${row.status}`,
          );
          continue;
        }
        if (!settledHere) continue;
        if (p.amountRefunded > row.refundedPaise) {
          repaired.push(...(await recordLostRefunds(row, await core.providerFor(name).refundsOf(p.id))));
          continue;
        }
        if (p.amountRefunded < row.refundedPaise) {
          await report(
            row,
            'provider_refund_missing',
            p.id,
            row.refundedPaise,
            p.amountRefunded,
            `Petti recorded ${formatRupees(row.refundedPaise)} refunded of payment ${row.receiptNumber} (${p.id}); the provider has ${formatRupees(p.amountRefunded)}`,
          );
        }
      }
      // Payments Petti counts as taken that the provider does not list at all (a payment is made at
      // the provider after its row here, so one made since `from` is in the provider's list).
      if (!whole) continue;
      const listed = new Set(theirs.map((p) => p.id));
      const ours = await db
        .select()
        .from(payments)
        .where(
          and(eq(payments.provider, name), gte(payments.createdAt, from), isNotNull(payments.capturedAt)),
        );
      for (const row of ours) {
        if (!row.providerPaymentId || listed.has(row.providerPaymentId)) continue;
        if (now.getTime() - row.createdAt.getTime() < WEBHOOK_GRACE_MS) continue;
        await report(
          row,
          'provider_payment_missing',
          row.providerPaymentId,
          row.amountPaise,
          0,
          `Petti counts payment ${row.receiptNumber} (${row.providerPaymentId}) of ${formatRupees(row.amountPaise)} as taken; the provider does not list it`,
        );
      }
    }
    return { repaired, held: count };
  };
}
