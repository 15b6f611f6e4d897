import { CANCELLABLE_STATES } from '@petti/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import type { BookingCore } from './core.ts';
import { closeUnused } from './flows/cancel.ts';
import type { CapturedPayment, PaymentsPort } from './ports.ts';
import { bookingCharges } from './schema.ts';

/**
 * What a captured locker payment grants, inside the payments feature's capture transaction:
 * a booking's hold becomes the booking, an extension moves the end, an overstay payment allows the
 * last open. A payment that arrives after its hold ended is refused, and payments refunds it in full.
 */
export function registerBookingPaymentHooks(core: BookingCore, payments: PaymentsPort): void {
  const { clock, log } = core.deps;

  async function chargeFor(tx: Tx, payment: CapturedPayment) {
    const [charge] = await tx
      .select()
      .from(bookingCharges)
      .where(eq(bookingCharges.paymentId, payment.id))
      .for('update');
    return charge;
  }

  const refuse = () =>
    payments.refuseGrant(
      'BookingStateInvalid',
      'The locker hold ended before the payment arrived; it will be refunded.',
    );

  payments.onCaptured('booking', async (fx, payment) => {
    const tx = fx.tx;
    const charge = await chargeFor(tx, payment);
    if (!charge) return void log.error({ paymentId: payment.id }, 'booking payment without a charge');
    if (charge.state === 'paid') return;
    const b = await core.lockBooking(tx, charge.bookingId);
    if (b?.state !== 'awaiting_payment' || charge.state !== 'pending') throw refuse();
    await tx
      .update(bookingCharges)
      .set({ state: 'paid', paidAt: clock.now() })
      .where(eq(bookingCharges.id, charge.id));
    await core.confirmPaid(fx, b, null);
  });

  payments.onCaptured('extension', async (fx, payment) => {
    const tx = fx.tx;
    const charge = await chargeFor(tx, payment);
    if (!charge) return void log.error({ paymentId: payment.id }, 'extension payment without a charge');
    if (charge.state === 'paid') return;
    const b = await core.lockBooking(tx, charge.bookingId);
    if (!b || charge.state !== 'pending' || !['scheduled', 'reserved', 'active', 'expired'].includes(b.state))
      throw refuse();
    const [paid] = await tx
      .update(bookingCharges)
      .set({ state: 'paid', paidAt: clock.now() })
      .where(eq(bookingCharges.id, charge.id))
      .returning();
    await core.applyExtension(fx, b, paid!, null);
  });

  payments.onCaptured('overstay', async (fx, payment) => {
    const tx = fx.tx;
    const charge = await chargeFor(tx, payment);
    if (!charge) return void log.error({ paymentId: payment.id }, 'overstay payment without a charge');
    if (charge.state === 'paid') return;
    const b = await core.lockBooking(tx, charge.bookingId);
    // A superseded (lapsed) overstay payment still pays for its hours.
    if (b?.state !== 'expired' || !['pending', 'lapsed'].includes(charge.state)) throw refuse();
    await tx
      .update(bookingCharges)
      .set({ state: 'paid', paidAt: clock.now() })
      .where(eq(bookingCharges.id, charge.id));
    const row = await core.update(tx, b, { overstayPaidHours: b.overstayPaidHours + charge.hours });
    await core.emit(fx, row, { event: 'bookingStatusChanged', reason: 'overstayPaid' });
  });

  /**
   * A booking's payment refunded in full at the provider (its dashboard, a dispute), not by Petti's own
   * cancel (which closes the booking first): a booking never opened is cancelled with it, its locker
   * freed for the next in line, and the shopper told. One already in use is left for staff.
   */
  async function cancelIfRefundedInFull(fx: Effects, payment: CapturedPayment): Promise<void> {
    if (payment.amountPaise === undefined || (payment.refundedPaise ?? 0) < payment.amountPaise) return;
    const charge = await chargeFor(fx.tx, payment);
    if (charge?.state !== 'paid') return;
    const b = await core.lockBooking(fx.tx, charge.bookingId);
    if (!b || !(CANCELLABLE_STATES as readonly string[]).includes(b.state)) {
      if (b) log.warn({ booking: b.id, state: b.state }, 'booking payment refunded in full while in use');
      return;
    }
    const row = await closeUnused(core, fx, b, await core.chargesOf(fx.tx, b.id), 'refunded', null);
    const refundedPaise = payment.refundedPaise ?? payment.amountPaise;
    await core.emit(fx, row, {
      event: 'userBookingDeleted',
      sessionId: null,
      text: { amountPaise: refundedPaise },
      extra: { refund: { amountPaise: refundedPaise, rule: 'provider' } },
    });
    if (b.lockerId) await core.offerToWaitlist(fx, b.siteId, b.size);
  }

  for (const purpose of ['booking', 'extension', 'overstay'] as const) {
    payments.onFailed(purpose, async (fx, payment) => {
      const tx = fx.tx;
      const charge = await chargeFor(tx, payment);
      if (charge?.state !== 'pending') return;
      const b = await core.lockBooking(tx, charge.bookingId);
      if (b)
        await core.emit(fx, b, {
          event: 'bookingStatusChanged',
          reason: 'paymentFailed',
          code: 'paymentFailed',
        });
    });
    payments.onRefunded?.(purpose, async (fx, payment) => {
      await fx.tx
        .update(bookingCharges)
        .set({ refundedPaise: payment.refundedPaise ?? 0 })
        .where(
          and(
            eq(bookingCharges.paymentId, payment.id),
            inArray(bookingCharges.kind, ['booking', 'extension', 'overstay']),
          ),
        );
      if (purpose === 'booking') await cancelIfRefundedInFull(fx, payment);
    });
  }
}
