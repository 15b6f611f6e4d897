import type { ShopPayouts, ShopTransfer } from '@petti/shared/schemas/shop-payouts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Balance } from '../money/index.ts';
import type { SettlementsDeps } from './deps.ts';
import { shopTransfers } from './schema.ts';
import { type ReversalRow, settlementStore, type TransferRow } from './store.ts';

export const transferScope = (transferId: string) => `transfer:${transferId}`;

/**
 * A transfer's part of the journal as its rows say now (docs/shops.md#settlement): reserved, it moves
 * from the shop's payable into `transfers_in_flight`; processed, out of Petti's provider balance;
 * failed or undone, back to the payable; each reversal the provider made, from the shop back to
 * Petti's balance. Posted in every transaction that changes the transfer or its reversals, under the
 * transfer's row lock.
 */
/** The journal balances a transfer's rows call for (postTransfer posts them; the checks compare). */
export function transferTarget(t: TransferRow, reversals: readonly ReversalRow[]): Balance[] {
  const given = t.status === 'pending' || t.status === 'processed' ? t.amountPaise : 0;
  const inFlight = t.status === 'pending' ? t.amountPaise : 0;
  const sent = t.status === 'processed' ? t.amountPaise : 0;
  const reversed = reversals
    .filter((r) => r.transferId === t.id && r.status === 'processed')
    .reduce((n, r) => n + r.amountPaise, 0);
  const tag = { sellerId: t.sellerId, orderId: t.orderId, paymentId: t.paymentId };
  return [
    { account: 'shop_payable', ...tag, amountPaise: given - reversed },
    { account: 'transfers_in_flight', ...tag, amountPaise: -inFlight },
    { account: 'provider', ...tag, amountPaise: reversed - sent },
  ];
}

export async function postTransfer(
  deps: Pick<SettlementsDeps, 'journal' | 'clock'>,
  tx: Tx,
  transferId: string,
) {
  const [t] = await tx.select().from(shopTransfers).where(eq(shopTransfers.id, transferId)).for('update');
  await deps.journal.align(tx, {
    kind: 'transfer',
    scope: transferScope(transferId),
    at: deps.clock.now(),
    memo: t ? `transfer ${t.status}` : 'transfer undone',
    target: t ? transferTarget(t, await settlementStore.reversalsOf(tx, [t.id])) : [],
  });
}

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
