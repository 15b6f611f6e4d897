import { CANCELLABLE_STATES, cancellationRefund } from '@petti/shared';
import { inArray } from 'drizzle-orm';
import type { Effects } from '../../../platform/events/transactor.ts';
import type { FlowRunner } from '../../../platform/flows/runner.ts';
import { dbStep } from '../../../platform/flows/steps.ts';
import { schedule } from '../../../platform/jobs/worker.ts';
import { type Caller, invalid, lockOwn } from '../checks.ts';
import { type BookingCore, TIMER } from '../core.ts';
import { type BookingRow, bookingCharges, type ChargeRow } from '../schema.ts';
import type { RefundNowStep } from './steps/refund-now.ts';

export interface CancelInput {
  caller: Caller;
  id: string;
}

export interface Cancelled {
  row: BookingRow;
  refund: ReturnType<typeof cancellationRefund>;
}

/**
 * Closes a booking never opened as cancelled: its paid and plan-covered charges are marked refunded and
 * its plan hours come back. The caller refunds the money (or the provider already has) and says so.
 */
export async function closeUnused(
  core: BookingCore,
  fx: Effects,
  b: BookingRow,
  charges: Awaited<ReturnType<BookingCore['chargesOf']>>,
  reason: string,
  sessionId: string | null,
): Promise<BookingRow> {
  const row = await core.close(fx, b, 'cancelled', reason, sessionId);
  const kept = charges.filter((c) => c.state === 'paid' || c.state === 'covered');
  await core.releasePlanHours(fx.tx, kept);
  if (kept.length)
    await fx.tx
      .update(bookingCharges)
      .set({ state: 'refunded' })
      .where(
        inArray(
          bookingCharges.id,
          kept.map((c) => c.id),
        ),
      );
  return row;
}

/**
 * Refunds `amountPaise` of a paid charge by a timer due now, keyed by the charge (set once); the flow's
 * refund step runs it at once after the commit, and the timer retries it if the provider fails.
 */
export function refundLater(
  core: BookingCore,
  tx: Effects['tx'],
  c: ChargeRow,
  amountPaise: number,
  reason: string,
): Promise<string> {
  return schedule(tx, core.deps.clock, {
    kind: TIMER.refund,
    dueAt: core.deps.clock.now(),
    key: `refund:${c.id}`,
    bookingId: c.bookingId,
    data: { paymentId: c.paymentId, amountPaise, reason },
  });
}

/**
 * Cancelling before first use (docs/product.md#locker-cancellation): the booking closes, its plan
 * hours come back and its refunds are set as timers in one transaction, which stands once committed
 * (the pivot). The refunds then run at once, outside any transaction; a refund that fails is
 * retried by its timer.
 */
export function cancelFlow(flows: FlowRunner, core: BookingCore, refundNow: RefundNowStep) {
  const { clock } = core.deps;

  const close = dbStep({
    name: 'bookings.close-cancelled',
    pivot: true,
    async run(fx, { caller, id }: CancelInput): Promise<Cancelled & { refundTimers: string[] }> {
      const tx = fx.tx;
      const b = await lockOwn(core, tx, caller, id);
      if (!(CANCELLABLE_STATES as readonly string[]).includes(b.state))
        throw invalid(b, 'cancelled; end it instead');
      const now = clock.now();
      const charges = await core.chargesOf(tx, b.id);
      const paid = charges.filter((c) => c.state === 'paid' && c.paymentId);
      const refund = cancellationRefund({
        state: b.state,
        paidPaise: paid.reduce((n, c) => n + c.amountPaise, 0),
        startsAt: b.startsAt,
        now,
      });
      const row = await closeUnused(core, fx, b, charges, 'cancel', caller.sessionId);
      // Split the refund over the payments, largest first.
      let left = refund.refundPaise;
      const refundTimers: string[] = [];
      for (const c of [...paid].sort((a, z) => z.amountPaise - a.amountPaise)) {
        const amountPaise = Math.min(left, c.amountPaise);
        if (amountPaise <= 0) break;
        left -= amountPaise;
        refundTimers.push(await refundLater(core, tx, c, amountPaise, `booking cancelled (${refund.rule})`));
      }
      await core.emit(fx, row, {
        event: 'userBookingDeleted',
        sessionId: caller.sessionId,
        text: { amountPaise: refund.refundPaise },
        extra: { refund: { amountPaise: refund.refundPaise, rule: refund.rule } },
      });
      if (b.lockerId) await core.offerToWaitlist(fx, b.siteId, b.size);
      return { row, refund, refundTimers };
    },
  });

  return flows.define<CancelInput, Cancelled>({
    name: 'bookings.cancel',
    steps: [close, refundNow],
    async run(flow, input) {
      const { row, refund, refundTimers } = await flow.db(close, input);
      await flow.call(refundNow, refundTimers);
      return { row, refund };
    },
  });
}
