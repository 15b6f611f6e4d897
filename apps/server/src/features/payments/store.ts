import type { PaymentProviderName, PaymentPurpose } from '@petti/shared';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { NEW_PAYMENT_STATUS, paymentEvents, paymentRefunds, payments } from './schema.ts';
import type { PaymentRow, RefundRow } from './views.ts';

export type PaymentEventInput = Omit<typeof paymentEvents.$inferInsert, 'id' | 'createdAt'>;

/** Reads and writes of the payments tables that more than one use case needs. */
/** What other features' views show of a payment (an order list): its status and refunds so far. */
export interface PaymentSummary {
  id: string;
  status: PaymentRow['status'];
  refundedPaise: number;
}

/** The summary of a payment just recorded: nothing has happened to it yet. */
export const newPaymentSummary = (id: string): PaymentSummary => ({
  id,
  status: NEW_PAYMENT_STATUS,
  refundedPaise: 0,
});

export const paymentStore = {
  /** Every payment that ever took money (captured, whatever came after), oldest first: the books' rows. */
  tookMoney(q: DbOrTx): Promise<PaymentRow[]> {
    return q.select().from(payments).where(isNotNull(payments.capturedAt)).orderBy(asc(payments.capturedAt));
  },

  async find(q: DbOrTx, id: string): Promise<PaymentRow | undefined> {
    const [row] = await q.select().from(payments).where(eq(payments.id, id));
    return row;
  },

  async lock(tx: Tx, id: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    return row;
  },

  /** The payment of a provider's order, locked: webhooks name the order, not our id. */
  async lockByOrder(
    tx: Tx,
    provider: PaymentProviderName,
    orderId: string | null | undefined,
  ): Promise<PaymentRow | undefined> {
    if (!orderId) return undefined;
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, orderId)))
      .for('update');
    return row;
  },

  /** Status and refunded amount of these payments, for other features' views (an order list). */
  async summaries(q: DbOrTx, ids: readonly string[]): Promise<PaymentSummary[]> {
    if (ids.length === 0) return [];
    return q
      .select({ id: payments.id, status: payments.status, refundedPaise: payments.refundedPaise })
      .from(payments)
      .where(inArray(payments.id, [...ids]));
  },

  async forSubject(q: DbOrTx, purpose: PaymentPurpose, subjectId: string): Promise<PaymentRow[]> {
    return q
      .select()
      .from(payments)
      .where(and(eq(payments.purpose, purpose), eq(payments.subjectId, subjectId)))
      .orderBy(desc(payments.createdAt));
  },

  /** Refunds the provider has made (reservations still under way are not shown). */
  async refundsOf(q: DbOrTx, paymentId: string): Promise<RefundRow[]> {
    return q
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'processed')))
      .orderBy(asc(paymentRefunds.createdAt));
  },

  /** An audit row; false when it was a replay (its event id or body hash was seen before). */
  async logEvent(q: DbOrTx, clock: Clock, e: PaymentEventInput): Promise<boolean> {
    const rows = await q
      .insert(paymentEvents)
      .values({ id: newId(), createdAt: clock.now(), ...e })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  },
};
