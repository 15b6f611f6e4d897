import { EVENTS } from '@petti/shared';
import { townTime } from '@petti/shared/rules/town-time';
import { ORDER_RULES, type Order, type PlaceOrderBody } from '@petti/shared/schemas/orders';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { type Params, prepared } from '../../../db/prepared.ts';
import { together } from '../../../db/together.ts';
import { callStep, dbStep } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import type { StockLine } from '../../catalog/index.ts';
import { newPaymentSummary, type OpenedOrder, type PaymentDraft } from '../../payments/index.ts';
import { type EventOrder, shopNameOf } from '../core.ts';
import type { OrderCaller, OrdersDeps } from '../deps.ts';
import { orderLineOf, outOfStockError, type Prepare, type Prepared } from '../prepare.ts';
import { type OrderItemRow, orderItems, orderStateLog, orders } from '../schema.ts';
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
    | 'notes'
    | 'price'
    | 'totalPaise'
    | 'taxPaise'
    | 'deliveryPassId'
    | 'paymentId'
    | 'payment'
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
      notes: v.notes,
      price: v.price,
      totalPaise: v.totalPaise,
      taxPaise: v.taxPaise,
      deliveryPassId: v.deliveryPassId,
      paymentId: v.paymentId,
      payment: v.payment,
      requestKey: v.requestKey,
      requestHash: v.requestHash,
      holdExpiresAt: v.holdExpiresAt,
      scheduledFor: v.scheduledFor,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
    })
    // The whole row: the answer is made from it.
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

/**
 * `orders.place` (docs/product.md#placing-an-order, docs/marketplace.md, docs/decisions/0005-flows.md):
 * 1. check (call): everything is checked, priced and, for a home or a locker drop, the distance
 *    measured, with no transaction open (the distance service may be a network call);
 * 2. the provider's order for that price (call, no transaction);
 * 3. create (db, ending the run): in one transaction the payment, the order (which claims the request
 *    key) with its lines, the timeline, the payment-hold timer, the stock, and `orderCreated`.
 *    The stock is taken last, under the catalog's row locks, which check it again (another order may
 *    have taken the last units since the check read them): a short line rolls the whole order back,
 *    and the locks are held only until the commit that follows.
 * Nothing is written before the last step, so nothing needs undoing and the run is never stored; a
 * provider's order left unpaid by a failure costs nothing (Razorpay cannot cancel one).
 */
export function definePlaceOrder(deps: OrdersDeps, db: Db, prepare: Prepare) {
  const { core, clock, payments } = deps;

  const check = callStep({
    name: 'orders.place.check',
    run: (input: PlaceOrderInput) => prepare(db, input.caller.userId, input.body),
  });

  const create = dbStep({
    name: 'orders.place.create',
    async run(
      fx,
      args: { input: PlaceOrderInput; prepared: Prepared; draft: PaymentDraft; opened: OpenedOrder },
    ) {
      const { input, prepared, draft, opened } = args;
      const { caller, body } = input;
      const now = clock.now();
      const holdExpiresAt = new Date(now.getTime() + ORDER_RULES.paymentHoldMinutes * MIN);
      const orderId = draft.subjectId;
      const payment = payments.contract(draft, opened);
      const lines: StockLine[] = prepared.lines.map((l) => ({
        vrntId: l.vrntId,
        quantity: l.quantity,
        alwaysInventory: l.alwaysInventory,
      }));
      const [, [row], items, logged, , short] = await together([
        payments.record(fx.tx, draft, opened),
        // Claims the request key: a concurrent twin waits on it until this step commits.
        insertOrder(fx.tx, {
          id: orderId,
          userId: caller.userId,
          sellerId: prepared.seller.id,
          deliveryType: body.deliveryType,
          address: prepared.address,
          siteId: prepared.site?.id ?? null,
          vehicleNo: body.deliveryType === 'curbside' ? (body.vehicleNo ?? null) : null,
          alternatePickup: body.alternatePickup ?? null,
          notes: body.notes || null,
          price: prepared.price,
          totalPaise: prepared.price.totalPaise,
          taxPaise: prepared.price.taxPaise,
          deliveryPassId: prepared.deliveryPassId,
          paymentId: draft.id,
          payment,
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
            unavailableQuantity: 0,
          })),
        ),
        core.logState(fx.tx, orderId, 'awaiting_payment', null),
        core.addTimer(fx.tx, 'paymentHold', orderId, holdExpiresAt),
        deps.stock.take(fx.tx, lines),
      ]);
      // Short: the transaction rolls back the order, the payment and what it took of the other lines.
      if (short) throw outOfStockError(prepared.lines, short);
      const order: EventOrder = {
        id: orderId,
        userId: caller.userId,
        sellerId: prepared.seller.id,
        state: 'awaiting_payment',
        deliveryType: body.deliveryType,
        totalPaise: prepared.price.totalPaise,
      };
      await core.emit(fx, order, EVENTS.orderCreated, {
        sessionId: caller.sessionId,
        payment,
        shop: shopNameOf(prepared.seller),
      });
      return { row: row!, items, logged };
    },
  });

  /**
   * Earlier versions wrote the order in a step of their own before the provider's order, and took the
   * stock in another before that (until 2026-11-25): runs they stored are still undone by these.
   */
  const retiredReserve = dbStep({
    name: 'orders.place.reserve',
    run: async () => {
      throw new Error('orders.place.reserve is retired: the create step writes the order');
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
  const retiredTakeStock = dbStep({
    name: 'orders.place.take-stock',
    run: async () => {
      throw new Error('orders.place.take-stock is retired: the create step takes the stock');
    },
    async undo(fx, { lines }: { lines: StockLine[] }) {
      await deps.stock.release(fx.tx, lines);
    },
  });

  return deps.flows.define({
    name: 'orders.place',
    steps: [check, payments.openProviderOrder, create],
    retired: [retiredReserve, retiredTakeStock],
    async run(flow, input: PlaceOrderInput): Promise<Order> {
      const prepared = await flow.call(check, input);
      const { seller, price } = prepared;
      const draft = payments.draft({
        userId: input.caller.userId,
        purpose: 'order',
        subjectId: newId(),
        amountPaise: price.totalPaise,
        taxPaise: price.taxPaise,
        taxPercent: null,
        // A night order says on the payment itself when the shop will take it.
        description: prepared.scheduledFor
          ? {
              en: `Order from ${seller.brandName}, for ${townTime(prepared.scheduledFor, 'en')} when it opens`,
              ta: `${seller.brandNameTa ?? seller.brandName} கடையிலிருந்து ஆர்டர், கடை திறக்கும் ${townTime(prepared.scheduledFor, 'ta')} மணிக்கு`,
            }
          : {
              en: `Order from ${seller.brandName}`,
              ta: `${seller.brandNameTa ?? seller.brandName} கடையிலிருந்து ஆர்டர்`,
            },
      });
      const opened = await flow.call(payments.openProviderOrder, draft);
      const { row, items, logged } = await flow.db(
        create,
        { input, prepared, draft, opened },
        { ends: true },
      );
      // The answer is made from what the step wrote, with no read (docs/performance.md#orders).
      return toOrder(deps, db, row, {
        sellers: [seller],
        written: {
          items,
          log: [logged],
          payments: [newPaymentSummary(draft.id)],
          images: new Map(prepared.lines.map((l) => [l.productId, l.image])),
        },
      });
    },
  });
}

export type PlaceOrderFlow = ReturnType<typeof definePlaceOrder>;
