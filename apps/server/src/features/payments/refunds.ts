import { EVENTS, type PaymentProviderName } from '@petti/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { cancelTimerByKey, schedule } from '../../platform/jobs/worker.ts';
import { PaymentProviderError, type ProviderRefund } from '../../platform/payments/payment-provider.ts';
import type { PaymentsCore } from './core.ts';
import { refundBody, refundTitle } from './event-texts.ts';
import { paymentRefunds, payments } from './schema.ts';
import { paymentStore } from './store.ts';
import { isSettled, type PaymentRow } from './views.ts';

/** A refund reserved under the payment's row lock: plain data, stored with the flow run and its timer. */
export interface ReservedRefund {
  refundId: string;
  paymentId: string;
  provider: PaymentProviderName;
  providerPaymentId: string;
  amountPaise: number;
  reason: string;
}

export const REFUND_TIMER = 'payments.refund';
const timerKey = (refundId: string) => `${REFUND_TIMER}:${refundId}`;
/**
 * When the timer finishes a refund its flow could not: later than a flow's lease, so a flow that
 * died before asking the provider has been undone by then (and its timer with it).
 */
const RETRY_AFTER_MS = 5 * 60_000;

/**
 * The three parts of a refund (docs/payments.md#refunds): reserve under the row lock, ask the
 * provider with our refund id as its receipt, record. A reservation carries a timer that finishes
 * it if the flow cannot, so money refunded at the provider is always recorded here.
 */
export function createRefunds(core: PaymentsCore) {
  const { clock, log } = core;

  async function pendingOf(tx: Tx, paymentId: string) {
    return tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'pending')));
  }

  /**
   * Reserves `amountPaise` (default: all that is left) of a locked, settled payment; or, with
   * `upToPaise`, what brings the refunds made and under way up to that total, so asking twice for
   * the same total refunds once (an order's partial refunds, docs/shops.md#an-item-is-not-there).
   */
  async function reserveLocked(
    fx: Effects,
    row: PaymentRow,
    options: { amountPaise?: number; upToPaise?: number; reason: string },
  ): Promise<ReservedRefund> {
    const pending = await pendingOf(fx.tx, row.id);
    const pendingSum = pending.reduce((sum, r) => sum + r.amountPaise, 0);
    const left = row.amountPaise - row.refundedPaise - pendingSum;
    const amount =
      options.upToPaise !== undefined
        ? options.upToPaise - row.refundedPaise - pendingSum
        : (options.amountPaise ?? left);
    // The same refund asked again while the first is still under way: its timer finishes it.
    const again = pending.some((r) => r.amountPaise === amount && r.reason === options.reason);
    if (
      !isSettled(row) ||
      !row.providerPaymentId ||
      again ||
      left <= 0 ||
      !Number.isInteger(amount) ||
      amount <= 0 ||
      amount > left
    ) {
      throw new AppError('PaymentNotRefundable', undefined, {
        details: { refundable: isSettled(row) ? Math.max(0, left) : 0 },
      });
    }
    const refund: ReservedRefund = {
      refundId: newId(),
      paymentId: row.id,
      provider: row.provider,
      providerPaymentId: row.providerPaymentId,
      amountPaise: amount,
      reason: options.reason,
    };
    await fx.tx.insert(paymentRefunds).values({
      id: refund.refundId,
      paymentId: row.id,
      amountPaise: amount,
      reason: options.reason,
      status: 'pending',
      createdAt: clock.now(),
    });
    await schedule(fx.tx, clock, {
      kind: REFUND_TIMER,
      key: timerKey(refund.refundId),
      dueAt: new Date(clock.now().getTime() + RETRY_AFTER_MS),
      data: { ...refund },
    });
    return refund;
  }

  async function reserve(
    fx: Effects,
    paymentId: string,
    options: { amountPaise?: number; upToPaise?: number; reason: string },
  ): Promise<ReservedRefund> {
    const row = await paymentStore.lock(fx.tx, paymentId);
    if (!row) throw notFound('payment');
    return reserveLocked(fx, row, options);
  }

  /** Takes a reservation back: the provider refused, or the flow that made it was undone. */
  async function release(fx: Effects, refundId: string): Promise<void> {
    await cancelTimerByKey(fx.tx, timerKey(refundId));
    await fx.tx
      .delete(paymentRefunds)
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')));
  }

  /** The provider call (no transaction open). Our refund id is the receipt: a retry cannot refund twice. */
  async function atProvider(refund: ReservedRefund, retry = false): Promise<ProviderRefund> {
    return core.providerFor(refund.provider).refund(refund.providerPaymentId, refund.amountPaise, {
      receipt: refund.refundId,
      retry,
    });
  }

  /**
   * Records a refund the provider made: the reservation becomes processed, the payment's totals
   * move, the purpose's handler runs, the user hears of it. Safe to repeat.
   */
  async function complete(fx: Effects, refund: ReservedRefund, made: ProviderRefund): Promise<PaymentRow> {
    const tx = fx.tx;
    // The timer row first, as the worker takes it (platform/jobs/worker.ts, lock order).
    await cancelTimerByKey(tx, timerKey(refund.refundId));
    const row = await paymentStore.lock(tx, refund.paymentId);
    if (!row) throw notFound('payment');
    const [reserved] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.refundId));
    const [seen] = await tx
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.providerRefundId, made.refundId));
    if (reserved?.status !== 'pending') return row;
    if (seen) {
      // The provider's refund webhook got here first and recorded it.
      await tx.delete(paymentRefunds).where(eq(paymentRefunds.id, refund.refundId));
      return row;
    }
    await paymentStore.logEvent(tx, clock, {
      paymentId: row.id,
      provider: row.provider,
      source: 'refund',
      kind: 'refund',
      providerPaymentId: refund.providerPaymentId,
      outcome: 'applied',
      detail: `${made.refundId}: ${refund.amountPaise} paise (${refund.reason})`,
    });
    await tx
      .update(paymentRefunds)
      .set({ status: 'processed', providerRefundId: made.refundId })
      .where(eq(paymentRefunds.id, refund.refundId));
    return apply(fx, row, refund.amountPaise);
  }

  /** Moves the payment's refunded total and tells the purpose and the user. */
  async function apply(fx: Effects, row: PaymentRow, amountPaise: number): Promise<PaymentRow> {
    const now = clock.now();
    const total = row.refundedPaise + amountPaise;
    const full = total >= row.amountPaise;
    const [updated] = await fx.tx
      .update(payments)
      .set({ refundedPaise: total, status: full ? 'refunded' : 'partially_refunded', updatedAt: now })
      .where(eq(payments.id, row.id))
      .returning();
    await core.handlers.refunded.get(row.purpose)?.(fx, updated!, { amountPaise, full });
    for (const listener of core.handlers.moneyMoved) await listener(fx, updated!);
    await core.publish(fx, row, null, 'paymentRefunded', { status: updated!.status, refunded: total });
    await core.notifications.add(fx.tx, {
      userId: row.userId,
      kind: EVENTS.paymentRefunded,
      title: refundTitle(amountPaise),
      body: refundBody(row.description),
      data: { paymentId: row.id, purpose: row.purpose, subjectId: row.subjectId, amount: amountPaise },
    });
    return updated!;
  }

  /** A refund the provider reports (refund.* webhooks) that Petti did not ask for or has not recorded. */
  async function recordReported(
    fx: Effects,
    row: PaymentRow,
    reported: { providerRefundId: string; amountPaise: number },
  ): Promise<PaymentRow> {
    await fx.tx.insert(paymentRefunds).values({
      id: newId(),
      paymentId: row.id,
      providerRefundId: reported.providerRefundId,
      amountPaise: reported.amountPaise,
      reason: 'provider',
      status: 'processed',
      createdAt: clock.now(),
    });
    return apply(fx, row, reported.amountPaise);
  }

  /** A provider error as the caller should see it, today's mapping. */
  function mapProviderError(err: PaymentProviderError, paymentId: string): AppError {
    log.error({ err, payment: paymentId }, 'the provider refused the refund');
    return err.status >= 400 && err.status < 500
      ? new AppError('PaymentNotRefundable', err.message)
      : new AppError('PaymentsUnavailable');
  }

  /** The provider answered, and said no: nothing moved, so the reservation can go. */
  const refusedOutright = (err: unknown): err is PaymentProviderError =>
    err instanceof PaymentProviderError && err.status >= 400 && err.status < 500;

  async function isPending(refundId: string): Promise<boolean> {
    const [row] = await core.db
      .select({ status: paymentRefunds.status })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.id, refundId));
    return row?.status === 'pending';
  }

  return {
    isPending,
    reserve,
    reserveLocked,
    release,
    atProvider,
    complete,
    recordReported,
    mapProviderError,
    refusedOutright,
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
