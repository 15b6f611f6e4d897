import { EVENTS } from '@petti/shared';
import type { ComplexOrderState } from '@petti/shared/schemas/complex';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import type { MarketDeps } from './deps.ts';
import { orderTexts } from './order-texts.ts';
import { type ComplexOrderRow, complexListings, complexOrders } from './schema.ts';

export const TIMERS = {
  /** An unpaid order gives its quantity back. */
  paymentHold: 'complex-order-payment-hold',
  /** The seller did not drop it in the locker: cancelled and refunded. */
  dropDeadline: 'complex-order-drop-deadline',
  /** The buyer did not collect it from the locker: both are told. */
  pickupDeadline: 'complex-order-pickup-deadline',
  /** An in-person hand-over confirms itself. */
  autoConfirm: 'complex-order-auto-confirm',
  /** A refund the cancellation could not make at once (the provider was away). */
  refund: 'complex-order-refund',
} as const;

/** The small moves every order use case is made of: lock, change state (and tell both sides), give quantity back. */
export function createOrderCore(deps: MarketDeps) {
  const { clock } = deps;

  async function lock(tx: DbOrTx, id: string): Promise<ComplexOrderRow | null> {
    const [row] = await tx.select().from(complexOrders).where(eq(complexOrders.id, id)).for('update');
    return row ?? null;
  }

  async function tell(fx: Effects, row: ComplexOrderRow, note: string | null) {
    const texts = orderTexts(row.state, { ...row, note });
    for (const [userId, text] of [
      [row.buyerId, texts.buyer],
      [row.sellerId, texts.seller],
    ] as const) {
      // Both sides hear every change live (their screens refresh); the words go to the side it concerns.
      const body = text?.body ?? { en: row.title, ta: row.title };
      await deps.userEvents.emit(fx, {
        userId,
        event: EVENTS.complexOrderChanged,
        data: { id: row.id, orderId: row.id, state: row.state },
        text: body,
      });
      if (text) {
        await deps.notifications.add(fx.tx, {
          userId,
          kind: EVENTS.complexOrderChanged,
          title: text.title,
          body: text.body,
          data: { event: EVENTS.complexOrderChanged, orderId: row.id, state: row.state },
        });
      }
    }
  }

  return {
    lock,

    /** Moves the order on (only from `from`), appends the timeline, tells both sides. */
    async transition(
      fx: Effects,
      row: ComplexOrderRow,
      from: readonly ComplexOrderState[],
      to: ComplexOrderState,
      options: { patch?: Partial<ComplexOrderRow>; note?: string | null } = {},
    ): Promise<ComplexOrderRow> {
      if (!from.includes(row.state)) {
        throw new AppError('ComplexOrderStateInvalid', undefined, { details: { state: row.state, to } });
      }
      const now = clock.now();
      const entry = { state: to, at: now.toISOString(), note: options.note ?? null };
      const [next] = await fx.tx
        .update(complexOrders)
        .set({ ...options.patch, state: to, timeline: [...row.timeline, entry], updatedAt: now })
        .where(eq(complexOrders.id, row.id))
        .returning();
      await tell(fx, next!, options.note ?? null);
      return next!;
    },

    /** An unpaid order's quantity goes back to its listing. */
    async release(tx: DbOrTx, row: ComplexOrderRow): Promise<void> {
      await tx
        .update(complexListings)
        .set({ quantity: sql`${complexListings.quantity} + ${row.quantity}` })
        .where(eq(complexListings.id, row.listingId));
    },
  };
}

export type OrderCore = ReturnType<typeof createOrderCore>;
