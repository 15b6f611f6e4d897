import { EVENTS } from '@petti/shared';
import {
  EXIT_PASS_MINUTES,
  type ExitPassCheck,
  type ExitPassCheckBody,
  type GrabAndGoItem,
  type GrabCheckoutBody,
  type GrabPurchase,
} from '@petti/shared/schemas/grab';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { stock } from '../catalog/index.ts';
import { GrantRefused } from '../payments/index.ts';
import { sellerRows } from '../sellers/index.ts';
import type { GrabDeps } from './deps.ts';
import { paidText, passUsedText } from './event-texts.ts';
import { defineCheckout } from './flows/checkout.ts';
import { type GrabPurchaseRow, grabPurchases } from './schema.ts';
import { publicLine, type ShopName, toPurchase } from './views.ts';

const MIN = 60_000;
/** A shopper's list shows this many purchases, newest first: a visit's worth and the last few weeks. */
const LIST_LIMIT = 50;

/** Grab-and-go (docs/grab-and-go.md): paying one shop's cart, the exit pass, past purchases. */
export function createGrabService(deps: GrabDeps) {
  const { db, clock, payments, passes } = deps;
  const checkoutFlow = defineCheckout(deps);

  async function shopNames(q: DbOrTx, ids: string[]): Promise<Map<string, ShopName>> {
    const rows = await sellerRows(q, [...new Set(ids)]);
    return new Map(rows.map((s) => [s.id, { en: s.brandName, ta: s.brandNameTa ?? s.brandName }]));
  }
  const nameOr = (names: Map<string, ShopName>, id: string): ShopName => names.get(id) ?? { en: id, ta: id };

  async function views(q: DbOrTx, rows: GrabPurchaseRow[]): Promise<GrabPurchase[]> {
    const names = await shopNames(
      q,
      rows.map((r) => r.sellerId),
    );
    const out: GrabPurchase[] = [];
    for (const row of rows) {
      const payment =
        row.paymentId && row.state === 'awaiting_payment' ? await payments.findById(q, row.paymentId) : null;
      out.push(
        toPurchase(row, nameOr(names, row.sellerId), payment ? payments.contractOf(payment) : null, passes),
      );
    }
    return out;
  }

  async function emit(fx: Effects, row: GrabPurchaseRow, event: string, text: ReturnType<typeof paidText>) {
    await deps.userEvents.emit(fx, {
      userId: row.userId,
      event,
      data: { id: row.id, purchaseId: row.id, state: row.state, sellerId: row.sellerId },
      text: text.body,
    });
    await deps.notifications.add(fx.tx, {
      userId: row.userId,
      kind: event,
      title: text.title,
      body: text.body,
      data: { event, purchaseId: row.id },
    });
  }

  // The payment captured: take the stock now (the step's row locks keep it from going below zero) and
  // issue the pass. Short of stock, or the purchase no longer waiting, the payment is refunded in full.
  payments.onCaptured('grab', async (fx, payment) => {
    const [row] = await fx.tx
      .select()
      .from(grabPurchases)
      .where(eq(grabPurchases.id, payment.subjectId))
      .for('update');
    if (!row || row.paymentId !== payment.id || row.state !== 'awaiting_payment') {
      throw new GrantRefused('GrabPurchaseStateInvalid');
    }
    const short = await stock.take(
      fx.tx,
      row.lines.map((l) => ({ vrntId: l.vrntId, quantity: l.quantity, alwaysInventory: l.alwaysInventory })),
    );
    if (short) {
      throw new GrantRefused('cartItemsError', 'Another shopper bought the last of an item; refunded.');
    }
    const now = clock.now();
    const [paid] = await fx.tx
      .update(grabPurchases)
      .set({
        state: 'paid',
        paidAt: now,
        passCode: passes.codeOf(row.id),
        passExpiresAt: new Date(now.getTime() + EXIT_PASS_MINUTES * MIN),
      })
      .where(eq(grabPurchases.id, row.id))
      .returning();
    const names = await shopNames(fx.tx, [row.sellerId]);
    await emit(fx, paid!, EVENTS.grabPurchasePaid, paidText(nameOr(names, row.sellerId), row.totalPaise));
  });

  payments.onRefunded('grab', async (fx, payment, refund) => {
    if (!refund.full) return;
    await fx.tx
      .update(grabPurchases)
      .set({ state: 'refunded' })
      .where(and(eq(grabPurchases.id, payment.subjectId), eq(grabPurchases.state, 'awaiting_payment')));
  });

  payments.describe('grab', async (q, payment) => {
    const [row] = await q.select().from(grabPurchases).where(eq(grabPurchases.id, payment.subjectId));
    return row ? { purchase: (await views(q, [row]))[0] } : null;
  });

  async function mine(userId: string, id: string): Promise<GrabPurchaseRow> {
    const [row] = await db
      .select()
      .from(grabPurchases)
      .where(and(eq(grabPurchases.id, id), eq(grabPurchases.userId, userId)));
    if (!row) throw notFound('purchase');
    return row;
  }

  return {
    checkoutFlow,

    async checkout(userId: string, body: GrabCheckoutBody): Promise<GrabPurchase> {
      const id = await checkoutFlow.run({ userId, body });
      return (await views(db, [await mine(userId, id)]))[0]!;
    },

    async purchase(userId: string, id: string): Promise<GrabPurchase> {
      return (await views(db, [await mine(userId, id)]))[0]!;
    },

    /** Paid purchases and the one being paid, newest first. */
    async purchases(userId: string): Promise<GrabPurchase[]> {
      const rows = await db
        .select()
        .from(grabPurchases)
        .where(
          and(
            eq(grabPurchases.userId, userId),
            inArray(grabPurchases.state, ['awaiting_payment', 'paid', 'exited']),
          ),
        )
        .orderBy(desc(grabPurchases.createdAt))
        .limit(LIST_LIMIT);
      return views(db, rows);
    },

    /** `grabAndGoItems`: every product bought in grab-and-go, once each, most recent first. */
    async items(userId: string): Promise<GrabAndGoItem[]> {
      const rows = await db
        .select()
        .from(grabPurchases)
        .where(and(eq(grabPurchases.userId, userId), inArray(grabPurchases.state, ['paid', 'exited'])))
        .orderBy(desc(grabPurchases.paidAt));
      const names = await shopNames(
        db,
        rows.map((r) => r.sellerId),
      );
      const byVariant = new Map<string, GrabAndGoItem>();
      for (const row of rows) {
        for (const l of row.lines) {
          const seen = byVariant.get(l.vrntId);
          if (seen) {
            seen.quantity += l.quantity;
            seen.times += 1;
            continue;
          }
          byVariant.set(l.vrntId, {
            productId: l.productId,
            vrntId: l.vrntId,
            sellerId: row.sellerId,
            sellerName: nameOr(names, row.sellerId),
            productName: l.name,
            quantity: l.quantity,
            times: 1,
            lastBoughtAt: (row.paidAt ?? row.createdAt).toISOString(),
            lastPricePaise: l.unitPricePaise,
          });
        }
      }
      return [...byVariant.values()];
    },

    /**
     * Shop staff check a pass at the door (docs/grab-and-go.md#exit-pass). The first valid check uses it:
     * one conditional update, so two staff checking one pass at once get one `valid` and one `used`.
     */
    async checkPass(body: ExitPassCheckBody): Promise<ExitPassCheck> {
      const read = passes.read(body.pass);
      if (!read) return { result: 'invalid', purchase: null };
      const [row] = await db
        .select()
        .from(grabPurchases)
        .where(
          'signed' in read
            ? eq(grabPurchases.id, read.signed.purchaseId)
            : eq(grabPurchases.passCode, read.code),
        );
      if (!row?.passCode || !row.passExpiresAt) return { result: 'invalid', purchase: null };
      // A signed pass says which shop and until when; it must say what the purchase says.
      if (
        'signed' in read &&
        (read.signed.sellerId !== row.sellerId ||
          read.signed.expiresAt.getTime() !== Math.floor(row.passExpiresAt.getTime() / 1000) * 1000)
      ) {
        return { result: 'invalid', purchase: null };
      }
      const names = await shopNames(db, [row.sellerId]);
      const shop = nameOr(names, row.sellerId);
      const view = (r: GrabPurchaseRow): NonNullable<ExitPassCheck['purchase']> => ({
        id: r.id,
        sellerId: r.sellerId,
        sellerName: shop,
        items: r.lines.map(publicLine),
        totalPaise: r.totalPaise,
        paidAt: r.paidAt?.toISOString() ?? null,
        expiresAt: r.passExpiresAt!.toISOString(),
        usedAt: r.passUsedAt?.toISOString() ?? null,
      });
      if (row.sellerId !== body.sellerId) return { result: 'otherShop', purchase: view(row) };
      if (row.passUsedAt) return { result: 'used', purchase: view(row) };
      const now = clock.now();
      if (row.passExpiresAt <= now) return { result: 'expired', purchase: view(row) };
      const used = await deps.transactor.run(async (tx, fx) => {
        const [u] = await tx
          .update(grabPurchases)
          .set({ passUsedAt: now, state: 'exited' })
          .where(
            and(
              eq(grabPurchases.id, row.id),
              isNull(grabPurchases.passUsedAt),
              gt(grabPurchases.passExpiresAt, now),
            ),
          )
          .returning();
        if (u) await emit(fx, u, EVENTS.grabPassUsed, passUsedText(shop));
        return u ?? null;
      });
      if (used) return { result: 'valid', purchase: view(used) };
      const [again] = await db.select().from(grabPurchases).where(eq(grabPurchases.id, row.id));
      return { result: again?.passUsedAt ? 'used' : 'expired', purchase: view(again ?? row) };
    },
  };
}

export type GrabService = ReturnType<typeof createGrabService>;
