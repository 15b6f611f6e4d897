import type { PaymentStatus } from '@petti/shared';
import { eq } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import type { PaymentsCore } from './core.ts';
import type { GrantRefused } from './handlers.ts';
import type { Refunds, ReservedRefund } from './refunds.ts';
import { payments } from './schema.ts';
import { paymentStore } from './store.ts';
import { isSettled, type PaymentRow } from './views.ts';

export interface CaptureFacts {
  providerPaymentId: string;
  method: string | null;
}

/** How a payment looked before a refused grant was recorded, so the record can be taken back. */
export interface BeforeRefusal {
  paymentId: string;
  status: PaymentStatus;
  providerPaymentId: string | null;
  method: string | null;
  capturedAt: string | null;
  failureReason: string | null;
  updatedAt: string;
}

/**
 * Captures and grants under the payment's row lock; both the client's confirmation and the webhook
 * end here. A payment already settled is left alone: whoever came second changes nothing, so the
 * grant runs exactly once (docs/payments.md#capture).
 */
export async function applyCapture(
  core: PaymentsCore,
  fx: Effects,
  paymentId: string,
  facts: CaptureFacts,
  sessionId: string | null,
): Promise<{ row: PaymentRow; changed: boolean; otherPayment: boolean }> {
  const row = await paymentStore.lock(fx.tx, paymentId);
  if (!row) throw notFound('payment');
  if (isSettled(row)) {
    return { row, changed: false, otherPayment: row.providerPaymentId !== facts.providerPaymentId };
  }
  const now = core.clock.now();
  const [updated] = await fx.tx
    .update(payments)
    .set({
      status: 'captured',
      providerPaymentId: facts.providerPaymentId,
      method: facts.method ?? row.method,
      capturedAt: now,
      failureReason: null,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId))
    .returning();
  const grant = core.handlers.captured.get(row.purpose);
  if (grant) await grant(fx, updated!);
  else core.log.warn({ payment: paymentId, purpose: row.purpose }, 'payment captured with no grant handler');
  for (const listener of core.handlers.moneyMoved) await listener(fx, updated!);
  await core.publish(fx, row, sessionId, 'paymentCaptured', { status: 'captured' });
  return { row: updated!, changed: true, otherPayment: false };
}

/**
 * The money was taken but the thing cannot be granted: the capture is recorded with the reason and
 * a full refund reserved (its timer finishes it if the flow cannot), so nobody pays for nothing.
 * A payment settled meanwhile is left alone (`refund` null).
 */
export async function recordRefusal(
  core: PaymentsCore,
  refunds: Refunds,
  fx: Effects,
  paymentId: string,
  facts: CaptureFacts,
  refusal: Pick<GrantRefused, 'code'>,
): Promise<{ row: PaymentRow; refund: ReservedRefund | null; before: BeforeRefusal | null }> {
  const current = await paymentStore.lock(fx.tx, paymentId);
  if (!current) throw notFound('payment');
  if (isSettled(current)) return { row: current, refund: null, before: null };
  const now = core.clock.now();
  const [captured] = await fx.tx
    .update(payments)
    .set({
      status: 'captured',
      providerPaymentId: facts.providerPaymentId,
      method: facts.method ?? current.method,
      capturedAt: now,
      grantError: refusal.code,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId))
    .returning();
  core.log.warn({ payment: paymentId, reason: refusal.code }, 'payment captured but not granted; refunding');
  // Captured all the same: the money is Petti's to give back, and the books say so.
  for (const listener of core.handlers.moneyMoved) await listener(fx, captured!);
  const refund = await refunds.reserveLocked(fx, captured!, { reason: `not granted: ${refusal.code}` });
  const before: BeforeRefusal = {
    paymentId,
    status: current.status,
    providerPaymentId: current.providerPaymentId,
    method: current.method,
    capturedAt: current.capturedAt?.toISOString() ?? null,
    failureReason: current.failureReason,
    updatedAt: current.updatedAt.toISOString(),
  };
  return { row: captured!, refund, before };
}

/** Takes a recorded refusal back (its flow was undone before the provider was asked to refund). */
export async function undoRefusal(core: PaymentsCore, fx: Effects, before: BeforeRefusal): Promise<void> {
  const [row] = await fx.tx
    .update(payments)
    .set({
      status: before.status,
      providerPaymentId: before.providerPaymentId,
      method: before.method,
      capturedAt: before.capturedAt ? new Date(before.capturedAt) : null,
      failureReason: before.failureReason,
      grantError: null,
      updatedAt: new Date(before.updatedAt),
    })
    .where(eq(payments.id, before.paymentId))
    .returning();
  if (row) for (const listener of core.handlers.moneyMoved) await listener(fx, row);
}
