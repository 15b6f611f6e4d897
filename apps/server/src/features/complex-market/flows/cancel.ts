import type { ComplexOrder } from '@petti/shared/schemas/complex';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { AppError, notFound } from '../../../http/app-error.ts';
import { callStep, dbStep } from '../../../platform/flows/steps.ts';
import { schedule } from '../../../platform/jobs/worker.ts';
import type { MarketDeps } from '../deps.ts';
import { type OrderCore, TIMERS } from '../order-core.ts';
import type { ComplexOrderRow } from '../schema.ts';

/** The seller cancels a paid order, or the seller never dropped it in the locker in time. */
export type CancelInput =
  | { orderId: string; by: 'seller'; userId: string; reason?: string }
  | { orderId: string; by: 'not_dropped' };

/**
 * `complexMarket.cancel` (docs/complex.md#cancelling, docs/decisions/0005-flows.md):
 * 1. close (db, the pivot): the order cancelled, a drop locker not yet used given back, and a refund
 *    timer set for the whole amount;
 * 2. refund (call, no transaction open): that timer run at once. If the provider is away the timer
 *    stays and the worker retries it, so the cancellation still stands and answers.
 */
export function defineCancel(
  deps: MarketDeps,
  core: OrderCore,
  view: (row: ComplexOrderRow, viewerId: string) => Promise<ComplexOrder>,
  log: Logger,
) {
  const { clock, parcels } = deps;

  const close = dbStep({
    name: 'complexMarket.cancel.close',
    pivot: true,
    async run(
      fx,
      input: CancelInput,
    ): Promise<{ row: ComplexOrderRow | null; refundTimerId: string | null }> {
      const o = await core.lock(fx.tx, input.orderId);
      if (input.by === 'seller') {
        if (!o || o.sellerId !== input.userId) throw notFound('order');
      } else if (o?.state !== 'awaiting_drop') {
        return { row: null, refundTimerId: null };
      }
      if (o.bookingId) {
        // Already in the locker (the sweep has not moved it on yet): too late to cancel.
        if ((await parcels.openedOf(fx.tx, [o.bookingId])).size) {
          if (input.by === 'not_dropped') return { row: null, refundTimerId: null };
          throw new AppError('ComplexOrderStateInvalid', 'The item is already in the locker.');
        }
      }
      const reason =
        input.by === 'seller' ? (input.reason ? `seller: ${input.reason}` : 'seller') : 'not_dropped';
      const row = await core.transition(fx, o, ['paid', 'awaiting_drop'], 'cancelled', {
        patch: { cancelReason: reason },
        note: input.by === 'seller' ? 'seller' : 'not_dropped',
      });
      if (o.bookingId) await parcels.end(fx, o.bookingId, 'released');
      const refundTimerId = o.paymentId
        ? await schedule(fx.tx, clock, {
            kind: TIMERS.refund,
            key: `${TIMERS.refund}:${o.id}`,
            dueAt: clock.now(),
            data: { orderId: o.id },
          })
        : null;
      return { row, refundTimerId };
    },
  });

  const refund = callStep({
    name: 'complexMarket.cancel.refund',
    run: (timerId: string) => deps.jobs.runTimer(timerId),
  });

  return deps.flows.define({
    name: 'complexMarket.cancel',
    steps: [close, refund],
    async run(flow, input: CancelInput): Promise<ComplexOrder | null> {
      const { row, refundTimerId } = await flow.db(close, input);
      if (refundTimerId) {
        try {
          await flow.call(refund, refundTimerId);
        } catch (err) {
          log.warn(
            { err, orderId: input.orderId },
            'complex order refund did not run now; its timer retries it',
          );
        }
      }
      return row ? view(row, row.sellerId) : null;
    },
  });
}

export type CancelFlow = ReturnType<typeof defineCancel>;
