import type { GrabLine, GrabPurchase } from '@petti/shared/schemas/grab';
import type { Payment } from '@petti/shared/schemas/payments';
import type { ExitPasses } from './exit-pass.ts';
import type { GrabPurchaseRow, StoredGrabLine } from './schema.ts';

export type ShopName = { en: string; ta: string };

/** A kept line as the API shows it. */
export function publicLine(l: StoredGrabLine): GrabLine {
  return {
    vrntId: l.vrntId,
    productId: l.productId,
    name: l.name,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    mrpPaise: l.mrpPaise,
  };
}

export function savingsOf(row: Pick<GrabPurchaseRow, 'lines'>): number {
  return row.lines.reduce((n, l) => n + (l.mrpPaise - l.unitPricePaise) * l.quantity, 0);
}

/** A purchase as its shopper sees it: the payment while it is owed, the pass once paid. */
export function toPurchase(
  row: GrabPurchaseRow,
  sellerName: ShopName,
  payment: Payment | null,
  passes: ExitPasses,
): GrabPurchase {
  return {
    id: row.id,
    sellerId: row.sellerId,
    sellerName,
    state: row.state,
    items: row.lines.map(publicLine),
    totalPaise: row.totalPaise,
    taxPaise: row.taxPaise,
    savingsPaise: savingsOf(row),
    payment: row.state === 'awaiting_payment' ? payment : null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    pass:
      row.passCode && row.passExpiresAt
        ? {
            token: passes.tokenOf({
              purchaseId: row.id,
              sellerId: row.sellerId,
              expiresAt: row.passExpiresAt,
            }),
            code: row.passCode,
            expiresAt: row.passExpiresAt.toISOString(),
            usedAt: row.passUsedAt?.toISOString() ?? null,
          }
        : null,
  };
}
