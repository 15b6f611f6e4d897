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
 * Petti's balance; one it could not make, from the payable to the shop's receivable (its debt to
 * Petti), which what a later transfer keeps back pays off. Posted in every transaction that changes
 * the transfer or its reversals, under the transfer's row lock; postTransfer posts these balances and
 * the checks compare them.
 */
export function transferTarget(t: TransferRow, reversals: readonly ReversalRow[]): Balance[] {
  const given = t.status === 'pending' || t.status === 'processed' ? t.amountPaise : 0;
  const inFlight = t.status === 'pending' ? t.amountPaise : 0;
  const sent = t.status === 'processed' ? t.amountPaise : 0;
  const back = (status: ReversalRow['status']) =>
    reversals
      .filter((r) => r.transferId === t.id && r.status === status)
      .reduce((n, r) => n + r.amountPaise, 0);
  const reversed = back('processed');
  // A refund the provider could not take back becomes the shop's debt; what this transfer kept back
  // for earlier debts pays it off.
  const unrecovered = back('unrecovered');
  const recovered = t.recoveredPaise;
  const tag = { sellerId: t.sellerId, orderId: t.orderId, paymentId: t.paymentId };
  return [
    { account: 'shop_payable', ...tag, amountPaise: given - reversed - unrecovered + recovered },
    { account: 'shop_receivable', ...tag, amountPaise: unrecovered - recovered },
    { account: 'transfers_in_flight', ...tag, amountPaise: -inFlight },
    { account: 'provider', ...tag, amountPaise: reversed - sent },
  ];
}

export async function postTransfer(
  deps: Pick<SettlementsDeps, 'journal' | 'clock'>,
  tx: Tx,
  transferId: string,
  options: { opening?: boolean } = {},
) {
  const [t] = await tx.select().from(shopTransfers).where(eq(shopTransfers.id, transferId)).for('update');
  return deps.journal.align(tx, {
    // An opening entry: a transfer made before the journal, posted once as its rows say, dated then.
    kind: options.opening ? 'opening' : 'transfer',
    scope: transferScope(transferId),
    at: options.opening && t ? t.updatedAt : deps.clock.now(),
    memo: t ? `transfer ${t.status}${options.opening ? ', before the journal' : ''}` : 'transfer undone',
    target: t ? transferTarget(t, await settlementStore.reversalsOf(tx, [t.id])) : [],
  });
}

/**
 * A shop's settlement books, read once: every transfer with what was taken back from it, and what the
 * shop's paid orders earn now. The figures are the journal's (docs/shops.md#settlement): an order's
 * share is its payment's credit to the shop's payable, what reached the shop is its transfer's scope;
 * which transfers were made is their rows' state.
 */
export async function shopBooks(deps: Pick<SettlementsDeps, 'db' | 'journal'>, shopId: string) {
  const { db } = deps;
  const all = await db.select().from(shopTransfers).where(eq(shopTransfers.sellerId, shopId));
  const reversals = await settlementStore.reversalsOf(
    db,
    all.map((t) => t.id),
  );
  const ledger = await deps.journal.orderLedger(db, { sellerId: shopId });
  const back = new Map<string, { processed: number; unrecovered: number; pending: number }>();
  for (const r of reversals) {
    const n = back.get(r.transferId) ?? { processed: 0, unrecovered: 0, pending: 0 };
    n[r.status] += r.amountPaise;
    back.set(r.transferId, n);
  }
  // Credits are negative: the shop's share is minus its payment's payable, and Petti's provider
  // balance fell by what its transfers sent.
  const shareOf = (orderId: string) => -(ledger.get(orderId)?.payment.shop_payable ?? 0) || 0;
  const sentOf = (orderId: string) => -(ledger.get(orderId)?.transfer.provider ?? 0) || 0;
  const status = new Map(all.map((t) => [t.orderId, t.status]));
  const orderIds = [...ledger.keys()];
  const sum = (ids: readonly string[], of: (orderId: string) => number) =>
    ids.reduce((n, id) => n + of(id), 0);
  const made = (id: string) => status.get(id) === 'processed' || status.get(id) === 'recovered';
  const totals: ShopPayouts['totals'] = {
    paidPaise: sum(orderIds, sentOf),
    settledPaise: all.reduce((n, t) => n + (t.settledAt && t.status === 'processed' ? t.amountPaise : 0), 0),
    waitingPaise: sum(
      orderIds.filter((id) => !made(id)),
      shareOf,
    ),
    // Refunds the provider could not take back, less what later transfers kept back for them.
    owedToPettiPaise: Math.max(
      0,
      (await deps.journal.sellerBalances(db, 'shop_receivable', shopId)).get(shopId) ?? 0,
    ),
  };
  const transferOf = (t: TransferRow): ShopTransfer => ({
    orderId: t.orderId,
    sharePaise: shareOf(t.orderId),
    sentPaise: t.status === 'processed' ? t.amountPaise : 0,
    reversedPaise: back.get(t.id)?.processed ?? 0,
    recoveredPaise: t.recoveredPaise,
    unrecoveredPaise: back.get(t.id)?.unrecovered ?? 0,
    status: t.status,
    settledAt: t.settledAt?.toISOString() ?? null,
  });
  return {
    totals,
    earnedPaise: sum(orderIds, shareOf),
    transfers: (ids: ReadonlySet<string>) => all.filter((t) => ids.has(t.orderId)).map(transferOf),
  };
}
