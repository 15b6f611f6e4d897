import { EVENTS } from '@petti/shared';
import { ORDER_RULES, type Order, type PlaceOrderBody } from '@petti/shared/schemas/orders';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { asSet, type Params, prepared } from '../../../db/prepared.ts';
import { together } from '../../../db/together.ts';
import { callStep, dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import type { StockLine } from '../../catalog/index.ts';
import { newPaymentSummary, type PaymentDraft } from '../../payments/index.ts';
import { type EventOrder, shopNameOf } from '../core.ts';
import type { OrderCaller, OrdersDeps } from '../deps.ts';
import { measuresDistance, orderLineOf, outOfStockError, type Prepare, type Prepared } from '../prepare.ts';
import { type OrderItemRow, type OrderRow, orderItems, orderStateLog, orders } from '../schema.ts';
import { toOrder } from '../views.ts';

const MIN = 60_000;

type NewOrder = Required<
  Pick<
    typeof orders.$inferInsert,
    | 'id'
    | 'userId'
    | 'sellerId'
    | 'deliveryType'
    | 'address'
    | 'siteId'
    | 'vehicleNo'
    | 'alternatePickup'
    | 'price'
    | 'totalPaise'
    | 'taxPaise'
    | 'deliveryPassId'
    | 'requestKey'
    | 'requestHash'
    | 'holdExpiresAt'
    | 'scheduledFor'
    | 'createdAt'
    | 'updatedAt'
  >
>;

// The statements every order makes, built once (db/prepared.ts, docs/performance.md#orders).
const insertOrder = prepared((q, v: Params<NewOrder>) =>
  q
    .insert(orders)
    .values({
      id: v.id,
      userId: v.userId,
      sellerId: v.sellerId,
      state: 'awaiting_payment',
      deliveryType: v.deliveryType,
      address: v.address,
      siteId: v.siteId,
      vehicleNo: v.vehicleNo,
      alternatePickup: v.alternatePickup,
      price: v.price,
      totalPaise: v.totalPaise,
      taxPaise: v.taxPaise,
      deliveryPassId: v.deliveryPassId,
      requestKey: v.requestKey,
      requestHash: v.requestHash,
      holdExpiresAt: v.holdExpiresAt,
      scheduledFor: v.scheduledFor,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
    })
    // Only the id: the answer is made from the row as the last step leaves it.
    .returning({ id: orders.id }),
);
const attachPayment = prepared(
  (q, v: Params<{ id: string; paymentId: string; payment: NonNullable<OrderRow['payment']> }>) =>
    q
      .update(orders)
      .set({ paymentId: asSet(v.paymentId), payment: asSet(v.payment) })
      .where(eq(orders.id, v.id))
      .returning(),
);

type NewItem = Required<typeof orderItems.$inferInsert>;
const ITEM_COLUMNS = Object.keys(getTableColumns(orderItems)) as Array<keyof NewItem>;
const itemInserts = new Map<
  number,
  (q: DbOrTx, values: Record<string, unknown>) => Promise<OrderItemRow[]>
>();

/** An order's lines in one statement, built once per number of lines (at most a cart's). */
function insertItems(q: DbOrTx, rows: readonly NewItem[]): Promise<OrderItemRow[]> {
  let run = itemInserts.get(rows.length);
  if (!run) {
    const n = rows.length;
    run = prepared((b, v: Params<Record<string, unknown>>) =>
      b
        .insert(orderItems)
        .values(
          Array.from(
            { length: n },
            (_, i) => Object.fromEntries(ITEM_COLUMNS.map((c) => [c, v[`${c}${i}`]])) as unknown as NewItem,
          ),
        )
        .returning(),
    );
    itemInserts.set(n, run);
  }
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const c of ITEM_COLUMNS) values[`${c}${i}`] = row[c];
  });
  return run(q, values);
}

export interface PlaceOrderInput {
  caller: OrderCaller;
  key: string;
  hash: string;
  body: PlaceOrderBody;
}

interface Reserved {
  /** The order as its event tells it, from what was written. */
  order: EventOrder;
  prepared: Prepared;
  items: OrderItemRow[];
  holdExpiresAt: Date;
}

/**
 * `orders.place` (docs/product.md#placing-an-order, docs/decisions/0005-flows.md):
 * 1. check-range (call): everything is checked and the distance measured, with no transaction open
 *    (the distance service may be a network call); skipped for curbside pickup, which measures
 *    nothing, so its checks run once, in step 2;
 * 2. reserve (db): the checks again under the request key's claim: the order row with its lines,
 *    priced, and the stock taken by the catalog, which re-checks it under its own row locks (another
 *    order may have taken the last units since the checks read them); undone by giving the stock
 *    back and deleting the order. One transaction, so a short line rolls back the order with it;
 *    the variants are taken last, so their locks are held only until the commit that follows;
 * 3. the provider's order for the payment (call, no transaction);
 * 4. record-payment (db): the payment stored and attached, the timeline, the payment-hold timer and
 *    `orderCreated`. Nothing after it can fail, so it needs no undo, and it ends the run in its own
 *    transaction (the answer is made from what the steps wrote).
 */
export function definePlaceOrder(deps: OrdersDeps, db: Db, prepare: Prepare) {
  const { core, clock, payments } = deps;

  const checkRange = callStep({
    name: 'orders.place.check-range',
    run: async (input: PlaceOrderInput) => {
      const p = await prepare(db, input.caller.userId, input.body);
      return { distanceMetres: p.distanceMetres };
    },
  });

  const reserve = dbStep({
    name: 'orders.place.reserve',
    async run(
      fx,
      { input, measured }: { input: PlaceOrderInput; measured: { distanceMetres: number | null } },
    ) {
      const { caller, body } = input;
      const prepared = await prepare(fx.tx, caller.userId, body, measured);
      const now = clock.now();
      const holdExpiresAt = new Date(now.getTime() + ORDER_RULES.paymentHoldMinutes * MIN);
      // The request key is claimed here: a concurrent twin waits on it until this step commits.
      const orderId = newId();
      const lines: StockLine[] = prepared.lines.map((l) => ({
        vrntId: l.vrntId,
        quantity: l.quantity,
        alwaysInventory: l.alwaysInventory,
      }));
      const [, items, short] = await together([
        insertOrder(fx.tx, {
          id: orderId,
          userId: caller.userId,
          sellerId: prepared.seller.id,
          deliveryType: body.deliveryType,
          address: prepared.address,
          siteId: prepared.site?.id ?? null,
          vehicleNo: body.deliveryType === 'curbside' ? (body.vehicleNo ?? null) : null,
          alternatePickup: body.alternatePickup ?? null,
          price: prepared.price,
          totalPaise: prepared.price.totalPaise,
          taxPaise: prepared.price.taxPaise,
          deliveryPassId: prepared.deliveryPassId,
          requestKey: input.key,
          requestHash: input.hash,
          holdExpiresAt,
          scheduledFor: prepared.scheduledFor,
          createdAt: now,
          updatedAt: now,
        }),
        insertItems(
          fx.tx,
          prepared.lines.map((l) => ({
            id: newId(),
            orderId,
            ...orderLineOf(l),
            alwaysInventory: l.alwaysInventory,
          })),
        ),
        deps.stock.take(fx.tx, lines),
      ]);
      // Short: the step's transaction rolls back the order and what it took of the other lines.
      if (short) throw outOfStockError(prepared.lines, short);
      const order: EventOrder = {
        id: orderId,
        userId: caller.userId,
        sellerId: prepared.seller.id,
        state: 'awaiting_payment',
        deliveryType: body.deliveryType,
        totalPaise: prepared.price.totalPaise,
      };
      const reserved: Reserved = { order, prepared, items, holdExpiresAt };
      return undoWith(reserved, { orderId, lines });
    },
    async undo(fx, { orderId, lines }: { orderId: string; lines?: StockLine[] }) {
      // A run stored before stock was taken in this step has no lines here: its own take-stock
      // record, undone first, gave the stock back.
      if (lines) await deps.stock.release(fx.tx, lines);
      await fx.tx.delete(orderStateLog).where(eq(orderStateLog.orderId, orderId));
      await fx.tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
      await fx.tx.delete(orders).where(eq(orders.id, orderId));
    },
  });

  const recordPayment = dbStep({
    name: 'orders.place.record-payment',
    async run(
      fx,
      args: {
        reserved: Reserved;
        draft: PaymentDraft;
        opened: { providerOrderId: string };
        sessionId: string | null;
      },
    ) {
      const { reserved, draft, opened, sessionId } = args;
      const [payment, logged] = await together([
        payments.record(fx.tx, draft, opened),
        core.logState(fx.tx, reserved.order.id, 'awaiting_payment', null),
        core.addTimer(fx.tx, 'paymentHold', reserved.order.id, reserved.holdExpiresAt),
      ]);
      // Read once the step has committed: nothing in it waits for the row.
      const attached = fx.send(
        attachPayment(fx.tx, { id: reserved.order.id, paymentId: payment.id, payment }),
      );
      await core.emit(fx, reserved.order, EVENTS.orderCreated, {
        sessionId,
        payment,
        shop: shopNameOf(reserved.prepared.seller),
      });
      return { attached, logged, payment };
    },
  });

  /** Took the stock in a step of its own until 2026-11-25: runs stored then still undo it. */
  const retiredTakeStock = dbStep({
    name: 'orders.place.take-stock',
    run: async () => {
      throw new Error('orders.place.take-stock is retired: the reserve step takes the stock');
    },
    async undo(fx, { lines }: { lines: StockLine[] }) {
      await deps.stock.release(fx.tx, lines);
    },
  });

  return deps.flows.define({
    name: 'orders.place',
    steps: [checkRange, reserve, payments.openProviderOrder, recordPayment],
    retired: [retiredTakeStock],
    async run(flow, input: PlaceOrderInput): Promise<Order> {
      const measured = measuresDistance(input.body.deliveryType)
        ? await flow.call(checkRange, input)
        : { distanceMetres: null };
      const reserved = await flow.db(reserve, { input, measured });
      const { seller, price } = reserved.prepared;
      const draft = payments.draft({
        userId: input.caller.userId,
        purpose: 'order',
        subjectId: reserved.order.id,
        amountPaise: price.totalPaise,
        taxPaise: price.taxPaise,
        taxPercent: null,
        description: {
          en: `Order from ${seller.brandName}`,
          ta: `${seller.brandNameTa ?? seller.brandName} கடையிலிருந்து ஆர்டர்`,
        },
      });
      const opened = await flow.call(payments.openProviderOrder, draft);
      const { attached, logged, payment } = await flow.db(
        recordPayment,
        { reserved, draft, opened, sessionId: input.caller.sessionId },
        { ends: true },
      );
      const [row] = await attached;
      // The answer is made from what the steps wrote, with no read (docs/performance.md#orders).
      return toOrder(deps, db, row!, {
        sellers: [seller],
        written: {
          items: reserved.items,
          log: [logged],
          payments: [newPaymentSummary(payment.id)],
          images: new Map(reserved.prepared.lines.map((l) => [l.productId, l.image])),
        },
      });
    },
  });
}

export type PlaceOrderFlow = ReturnType<typeof definePlaceOrder>;
