import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { shopPayoutAccounts, shopReversals, shopTransfers } from './schema.ts';

export type PayoutAccountRow = typeof shopPayoutAccounts.$inferSelect;
export type TransferRow = typeof shopTransfers.$inferSelect;
export type ReversalRow = typeof shopReversals.$inferSelect;

export const settlementStore = {
  async account(q: DbOrTx, sellerId: string, lock = false): Promise<PayoutAccountRow | undefined> {
    const query = q.select().from(shopPayoutAccounts).where(eq(shopPayoutAccounts.sellerId, sellerId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async accountByLinked(
    q: DbOrTx,
    linkedAccountId: string,
    lock = false,
  ): Promise<PayoutAccountRow | undefined> {
    const query = q
      .select()
      .from(shopPayoutAccounts)
      .where(eq(shopPayoutAccounts.linkedAccountId, linkedAccountId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async transferOf(q: DbOrTx, orderId: string, lock = false): Promise<TransferRow | undefined> {
    const query = q.select().from(shopTransfers).where(eq(shopTransfers.orderId, orderId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async transfersOf(q: DbOrTx, orderIds: readonly string[]): Promise<TransferRow[]> {
    if (!orderIds.length) return [];
    return q
      .select()
      .from(shopTransfers)
      .where(inArray(shopTransfers.orderId, [...orderIds]));
  },

  async reversalsOf(q: DbOrTx, transferIds: readonly string[]): Promise<ReversalRow[]> {
    if (!transferIds.length) return [];
    return q
      .select()
      .from(shopReversals)
      .where(inArray(shopReversals.transferId, [...transferIds]));
  },

  /** The provider did not make it: nothing was sent, so nothing was kept back either. */
  async markFailed(
    q: DbOrTx,
    row: TransferRow,
    failure: string,
    now: Date,
    providerTransferId = row.providerTransferId,
  ): Promise<void> {
    await q
      .update(shopTransfers)
      .set({
        status: 'failed',
        failure: failure.slice(0, 300),
        amountPaise: row.sharePaise,
        recoveredPaise: 0,
        providerTransferId,
        updatedAt: now,
      })
      .where(eq(shopTransfers.id, row.id));
  },
};
