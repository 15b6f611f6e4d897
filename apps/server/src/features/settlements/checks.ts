import { formatRupees } from '@petti/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Finding } from '../money/index.ts';
import { transferScope, transferTarget } from './books.ts';
import type { SettlementsDeps } from './deps.ts';
import { shopPayoutAccounts, shopTransfers } from './schema.ts';
import { settlementStore } from './store.ts';

const rupees = (paise: number) => formatRupees(paise);

/**
 * Settlement's checks of the books (docs/shops.md#settlement), run with every money check:
 * - per order of a shop that can receive, once nothing is on its way: what reached the shop for it
 *   (sent + kept back for an earlier debt − taken back − owed back) is what it earns now; a share
 *   never sent, or a transfer still pending, is reported too (told to operators only once it lasts);
 * - per shop: the journal's payable is what its rows say (shares − transfers given − kept back +
 *   reversals made or moved to the shop's debt); each transfer's own lines, its debt among them.
 */
export function settlementChecks(deps: Pick<SettlementsDeps, 'orders' | 'journal'>) {
  return async (q: DbOrTx): Promise<Finding[]> => {
    const found: Finding[] = [];
    const payable = await deps.journal.sellerBalances(q, 'shop_payable');
    const accounts = await q.select().from(shopPayoutAccounts);
    const sellers = new Set([...payable.keys(), ...accounts.map((a) => a.sellerId)]);
    for (const sellerId of sellers) {
      const account = accounts.find((a) => a.sellerId === sellerId);
      const shares = await deps.orders.shares(q, { sellerId });
      const transfers = await q.select().from(shopTransfers).where(eq(shopTransfers.sellerId, sellerId));
      const reversals = await settlementStore.reversalsOf(
        q,
        transfers.map((t) => t.id),
      );
      const byOrder = new Map(transfers.map((t) => [t.orderId, t]));
      let rowsOwed = 0;
      for (const s of shares) {
        rowsOwed += s.sharePaise;
        const t = byOrder.get(s.orderId);
        if (!t) {
          if (account?.status === 'activated' && s.sharePaise > 0)
            found.push({
              rule: 'order_not_sent',
              subject: s.orderId,
              sellerId,
              orderId: s.orderId,
              expectedPaise: s.sharePaise,
              actualPaise: 0,
              detail: `Order ${s.orderId}: its share of ${rupees(s.sharePaise)} has not been sent to the shop`,
            });
          continue;
        }
        const back = reversals.filter((r) => r.transferId === t.id);
        if (t.status === 'pending' || back.some((r) => r.status === 'pending')) {
          found.push({
            rule: 'transfer_pending',
            subject: s.orderId,
            sellerId,
            orderId: s.orderId,
            expectedPaise: s.sharePaise,
            actualPaise: t.amountPaise,
            detail: `Order ${s.orderId}: a transfer or reversal of it is still waiting for the provider`,
          });
          continue;
        }
        if (t.status === 'failed') {
          if (s.sharePaise > 0)
            found.push({
              rule: 'transfer_failed',
              subject: s.orderId,
              sellerId,
              orderId: s.orderId,
              expectedPaise: s.sharePaise,
              actualPaise: 0,
              detail: `Order ${s.orderId}: the provider refused its transfer (${t.failure ?? 'no reason given'}); it is sent again when the shop links its bank account again`,
            });
          continue;
        }
        const reached = t.amountPaise + t.recoveredPaise - back.reduce((n, r) => n + r.amountPaise, 0);
        if (reached !== s.sharePaise)
          found.push({
            rule: 'order_settlement',
            subject: s.orderId,
            sellerId,
            orderId: s.orderId,
            expectedPaise: s.sharePaise,
            actualPaise: reached,
            detail:
              reached > s.sharePaise
                ? `Order ${s.orderId}: the shop has ${rupees(reached - s.sharePaise)} more than the order earns (a refund not taken back)`
                : `Order ${s.orderId}: the shop is short ${rupees(s.sharePaise - reached)} of what the order earns`,
          });
      }
      // Each transfer's own part of the journal is what its rows say (no posting lost or doubled).
      const scopes = await deps.journal.sellerScopes(q, sellerId, 'transfer');
      for (const t of transfers) {
        const booked = scopes.get(transferScope(t.id));
        const wrong = transferTarget(t, reversals).find(
          (b) => (booked?.get(b.account) ?? 0) !== b.amountPaise,
        );
        if (wrong)
          found.push({
            rule: 'transfer_books',
            subject: t.id,
            sellerId,
            orderId: t.orderId,
            expectedPaise: wrong.amountPaise,
            actualPaise: booked?.get(wrong.account) ?? 0,
            detail: `Order ${t.orderId}: the books hold ${wrong.account} ${booked?.get(wrong.account) ?? 0} paise for its transfer, its rows ${wrong.amountPaise} (${t.status}; ${
              reversals
                .filter((r) => r.transferId === t.id)
                .map((r) => `${r.status} ${r.amountPaise}`)
                .join(', ') || 'no reversals'
            })`,
          });
      }
      // Given out, less taken back; a refund not taken back moved to the shop's debt, and what was
      // kept back for a debt was the shop's share all the same.
      for (const t of transfers) {
        if (t.status === 'pending' || t.status === 'processed') rowsOwed -= t.amountPaise;
        rowsOwed -= t.recoveredPaise;
        for (const r of reversals)
          if (r.transferId === t.id && r.status !== 'pending') rowsOwed += r.amountPaise;
      }
      // The payable is a credit: what Petti owes the shop is its negative.
      const booked = -(payable.get(sellerId) ?? 0);
      if (booked !== rowsOwed)
        found.push({
          rule: 'shop_payable',
          subject: sellerId,
          sellerId,
          expectedPaise: rowsOwed,
          actualPaise: booked,
          detail: `The books owe the shop ${rupees(booked)}; its orders and transfers say ${rupees(rowsOwed)}`,
        });
    }
    return found;
  };
}
