import type { ShopPayouts, ShopTransfer } from '@petti/shared/schemas/shop-payouts';
import { eq } from 'drizzle-orm';
import type { SettlementsDeps } from './deps.ts';
import { shopTransfers } from './schema.ts';
import { settlementStore, type TransferRow } from './store.ts';

/**
 * A shop's settlement books, read once: every transfer with what was taken back from it, and what the
 * shop's paid orders earn now. Both sides of the ledger (docs/shops.md#settlement) come from here.
 */
export async function shopBooks(deps: Pick<SettlementsDeps, 'db' | 'orders'>, shopId: string) {
  const { db } = deps;
  const all = await db.select().from(shopTransfers).where(eq(shopTransfers.sellerId, shopId));
  const reversals = await settlementStore.reversalsOf(
    db,
    all.map((t) => t.id),
  );
  const shares = await deps.orders.shares(db, { sellerId: shopId });
  const back = new Map<string, { processed: number; unrecovered: number; pending: number }>();
  for (const r of reversals) {
    const n = back.get(r.transferId) ?? { processed: 0, unrecovered: 0, pending: 0 };
    n[r.status] += r.amountPaise;
    back.set(r.transferId, n);
  }
  const sent = (t: TransferRow) => (t.status === 'processed' ? t.amountPaise : 0);
  const share = new Map(shares.map((s) => [s.orderId, s.sharePaise]));
  const transferred = new Set(
    all.filter((t) => t.status === 'processed' || t.status === 'recovered').map((t) => t.orderId),
  );
  const sum = <T>(rows: readonly T[], of: (row: T) => number) => rows.reduce((n, row) => n + of(row), 0);
  const totals: ShopPayouts['totals'] = {
    paidPaise: sum(all, (t) => sent(t) - (back.get(t.id)?.processed ?? 0)),
    settledPaise: sum(all, (t) => (t.settledAt ? sent(t) : 0)),
    waitingPaise: sum(shares, (s) => (transferred.has(s.orderId) ? 0 : s.sharePaise)),
    // Refunds the provider could not take back, less what later transfers kept back for them.
    owedToPettiPaise: Math.max(
      0,
      sum(all, (t) => (back.get(t.id)?.unrecovered ?? 0) - t.recoveredPaise),
    ),
  };
  const transferOf = (t: TransferRow): ShopTransfer => ({
    orderId: t.orderId,
    sharePaise: share.get(t.orderId) ?? 0,
    sentPaise: sent(t),
    reversedPaise: back.get(t.id)?.processed ?? 0,
    recoveredPaise: t.recoveredPaise,
    unrecoveredPaise: back.get(t.id)?.unrecovered ?? 0,
    status: t.status,
    settledAt: t.settledAt?.toISOString() ?? null,
  });
  return {
    totals,
    earnedPaise: sum(shares, (s) => s.sharePaise),
    transfers: (orderIds: ReadonlySet<string>) => all.filter((t) => orderIds.has(t.orderId)).map(transferOf),
  };
}
