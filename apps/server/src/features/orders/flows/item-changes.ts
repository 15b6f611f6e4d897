import { EVENTS } from '@petti/shared';
import { formatRupees } from '@petti/shared/rules/money';
import { orderEndText } from '@petti/shared/rules/order-cancel';
import { SUBSTITUTE_ANSWER_MINUTES } from '@petti/shared/schemas/shops';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../http/app-error.ts';
import type { Effects } from '../../../platform/events/transactor.ts';
import { callStep, dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import type { ShopActor } from '../core.ts';
import type { OrdersDeps } from '../deps.ts';
import {
  type OrderItemRow,
  type OrderRow,
  type OrderSubstitutionRow,
  orderItems,
  orderSubstitutions,
  orders,
} from '../schema.ts';
import { stepNote } from '../step-notes.ts';

/** States in which the shop may still change what goes in the bag: before it is packed. */
const CHANGEABLE = new Set(['placed', 'accepted']);

/** Who says an item will not come: the shop, the buyer declining a substitute, or its time running out. */
export type MissingInput =
  | { by: 'shop'; orderId: string; shopId: string; actor: ShopActor; vrntId: string; quantity?: number }
  | { by: 'declined'; orderId: string; userId: string; substitutionId: string }
  | { by: 'expired'; orderId: string; substitutionId: string };

export interface AcceptInput {
  orderId: string;
  userId: string;
  substitutionId: string;
}

/** How many of a line are still coming: not missing and not promised away to a substitute. */
function stillComing(line: OrderItemRow, subs: readonly OrderSubstitutionRow[]): number {
  const offered = subs
    .filter((s) => s.vrntId === line.vrntId && (s.status === 'offered' || s.status === 'accepted'))
    .reduce((n, s) => n + s.quantity, 0);
  return line.quantity - line.unavailableQuantity - offered;
}

/**
 * When the shop does not have an item (docs/shops.md#an-item-is-not-there). Two flows move money:
 *
 * `orders.item-unavailable` — the shop marks (part of) a line missing, or a substitute is declined or
 * left unanswered:
 * 1. mark (db, the pivot): the line's missing count and what the order owes back grow, the buyer and
 *    the shop are told, and a refund timer is written; with nothing left, the order is cancelled and
 *    refunded in full instead;
 * 2. refund (call, no transaction open): the timer run at once; if the provider fails, the worker
 *    retries it. The timer refunds the payment up to what the order owes, so it never pays twice.
 *
 * `orders.substitute-accept` — the buyer takes the substitute:
 * 1. take-stock (db, undone by giving it back): the substitute's stock, only while there is enough;
 * 2. settle (db, the pivot): the offer accepted, a cheaper substitute's difference owed back;
 * 3. refund (call), as above.
 */
export function defineItemChanges(deps: OrdersDeps, log: Logger) {
  const { core, clock } = deps;

  async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
    const o = await core.lockOrder(tx, id);
    if (!o || o.state === 'awaiting_payment') throw notFound('order');
    return o;
  }

  const linesOf = (tx: Tx, orderId: string) =>
    tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).for('update');
  const subsOf = (tx: Tx, orderId: string) =>
    tx.select().from(orderSubstitutions).where(eq(orderSubstitutions.orderId, orderId)).for('update');

  /** What the order owes back grows by `paise`; a refund timer pays it (returns the timer's id). */
  async function owe(fx: Effects, o: OrderRow, paise: number): Promise<string | null> {
    if (paise <= 0) return null;
    await fx.tx
      .update(orders)
      .set({ owedRefundPaise: o.owedRefundPaise + paise, updatedAt: clock.now() })
      .where(eq(orders.id, o.id));
    return o.paymentId ? core.addTimer(fx.tx, 'refundOwed', o.id, clock.now()) : null;
  }

  const mark = dbStep({
    name: 'orders.item-unavailable.mark',
    pivot: true,
    async run(fx, input: MissingInput): Promise<{ timerId: string | null }> {
      const o = await lockOrder(fx.tx, input.orderId);
      const lines = await linesOf(fx.tx, o.id);
      const subs = await subsOf(fx.tx, o.id);
      let line: OrderItemRow | undefined;
      let quantity: number;
      if (input.by === 'shop') {
        if (o.sellerId !== input.shopId) throw notFound('order');
        if (!CHANGEABLE.has(o.state))
          throw new AppError('OrderStateInvalid', undefined, { details: { state: o.state } });
        line = lines.find((l) => l.vrntId === input.vrntId);
        if (!line) throw notFound('product');
        const left = stillComing(line, subs);
        quantity = input.quantity ?? left;
        if (quantity < 1 || quantity > left)
          throw new AppError('ItemChangeInvalid', undefined, { details: { left } });
        // Nothing would be left to bring: that is turning the order down, which refunds the fees too.
        const after = lines.map((l) =>
          l.id === line!.id ? { ...l, unavailableQuantity: l.unavailableQuantity + quantity } : l,
        );
        const promised = subs.some((s) => s.status === 'offered' || s.status === 'accepted');
        if (!promised && after.every((l) => stillComing(l, subs) === 0))
          throw new AppError('AllItemsUnavailable');
      } else {
        const sub = subs.find((s) => s.id === input.substitutionId);
        if (!sub) throw notFound('order');
        if (input.by === 'declined' && o.userId !== input.userId) throw notFound('order');
        // Answered already, or the order moved on: nothing to do (a late timer, a second tap).
        if (sub.status !== 'offered') {
          if (input.by === 'declined' && sub.status === 'accepted')
            throw new AppError('SubstitutionDecided', undefined, { details: { status: sub.status } });
          return { timerId: null };
        }
        if (input.by === 'expired' && sub.expiresAt > clock.now()) return { timerId: null };
        // The order ended meanwhile (the buyer cancelled, or it was turned down): the offer just closes,
        // and the order's own refund covers everything.
        if (!CHANGEABLE.has(o.state)) {
          await fx.tx
            .update(orderSubstitutions)
            .set({ status: input.by, decidedAt: clock.now() })
            .where(eq(orderSubstitutions.id, sub.id));
          return { timerId: null };
        }
        await fx.tx
          .update(orderSubstitutions)
          .set({ status: input.by, decidedAt: clock.now() })
          .where(eq(orderSubstitutions.id, sub.id));
        sub.status = input.by;
        line = lines.find((l) => l.vrntId === sub.vrntId)!;
        quantity = sub.quantity;
      }
      await fx.tx
        .update(orderItems)
        .set({ unavailableQuantity: line.unavailableQuantity + quantity })
        .where(eq(orderItems.id, line.id));
      line.unavailableQuantity += quantity;
      const refundPaise = line.unitPricePaise * quantity;
      const name = line.name;
      const by = input.by === 'shop' ? input.actor : null;
      await core.logState(fx.tx, o.id, o.state, stepNote.itemUnavailable(name.en, quantity), by);

      // Nothing left to bring: the order ends here and everything paid goes back.
      const nothingLeft =
        lines.every((l) => stillComing(l, subs) === 0) && subs.every((s) => s.status !== 'accepted');
      if (nothingLeft) {
        await core.transition(fx, o, 'cancelled', {
          patch: {
            cancelReason: orderEndText({ by: 'shop', reason: 'nothing_left', note: null }),
            owedRefundPaise: o.totalPaise,
          },
          note: 'nothing left',
        });
        return { timerId: o.paymentId ? await core.addTimer(fx.tx, 'refund', o.id, clock.now()) : null };
      }
      await core.emit(fx, o, EVENTS.orderItemUnavailable, {
        extra: {
          vrntId: line.vrntId,
          quantity,
          refundPaise,
          substitutionId: input.by === 'shop' ? null : input.substitutionId,
        },
        text: (shop) => ({
          title: { en: 'An item is not available', ta: 'ஒரு பொருள் கிடைக்கவில்லை' },
          body: {
            en: `${shop.en} does not have ${name.en} × ${quantity}. ${formatRupees(refundPaise)} is being refunded.`,
            ta: `${shop.ta} கடையில் ${name.ta} × ${quantity} இல்லை. ${formatRupees(refundPaise)} திருப்பியளிக்கப்படுகிறது.`,
          },
        }),
      });
      return { timerId: await owe(fx, o, refundPaise) };
    },
  });

  const refund = callStep({
    name: 'orders.item-unavailable.refund',
    run: (timerId: string) => deps.runTimer(timerId),
  });

  const missing = deps.flows.define({
    name: 'orders.item-unavailable',
    steps: [mark, refund],
    async run(flow, input: MissingInput): Promise<void> {
      const { timerId } = await flow.db(mark, input);
      if (!timerId) return;
      try {
        await flow.call(refund, timerId);
      } catch (err) {
        // Past the pivot: the change stands, and the worker retries the refund's timer.
        log.warn({ err, orderId: input.orderId }, 'item refund did not run now; its timer retries it');
      }
    },
  });

  const takeStock = dbStep({
    name: 'orders.substitute-accept.take-stock',
    async run(fx, input: AcceptInput) {
      const o = await lockOrder(fx.tx, input.orderId);
      if (o.userId !== input.userId) throw notFound('order');
      const [sub] = await fx.tx
        .select()
        .from(orderSubstitutions)
        .where(and(eq(orderSubstitutions.id, input.substitutionId), eq(orderSubstitutions.orderId, o.id)))
        .for('update');
      if (!sub) throw notFound('order');
      if (sub.status !== 'offered' || !CHANGEABLE.has(o.state))
        throw new AppError('SubstitutionDecided', undefined, { details: { status: sub.status } });
      if (sub.expiresAt <= clock.now()) throw new AppError('SubstitutionExpired');
      const line = {
        vrntId: sub.substituteVrntId,
        quantity: sub.quantity,
        alwaysInventory: sub.alwaysInventory,
      };
      if (await deps.stock.take(fx.tx, [line])) throw new AppError('SubstituteOutOfStock');
      return undoWith({ substitutionId: sub.id }, line);
    },
    undo: (fx, line: { vrntId: string; quantity: number; alwaysInventory: boolean }) =>
      deps.stock.release(fx.tx, [line]),
  });

  const settle = dbStep({
    name: 'orders.substitute-accept.settle',
    pivot: true,
    async run(fx, input: AcceptInput): Promise<{ timerId: string | null }> {
      const o = await lockOrder(fx.tx, input.orderId);
      const [sub] = await fx.tx
        .select()
        .from(orderSubstitutions)
        .where(eq(orderSubstitutions.id, input.substitutionId))
        .for('update');
      if (sub?.status !== 'offered') throw new AppError('SubstitutionDecided');
      const [line] = await fx.tx
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orderId, o.id), eq(orderItems.vrntId, sub.vrntId)));
      await fx.tx
        .update(orderSubstitutions)
        .set({ status: 'accepted', decidedAt: clock.now() })
        .where(eq(orderSubstitutions.id, sub.id));
      const refundPaise = (line!.unitPricePaise - sub.unitPricePaise) * sub.quantity;
      await core.logState(
        fx.tx,
        o.id,
        o.state,
        `substituted: ${line!.name.en} → ${sub.substituteName.en} × ${sub.quantity}`,
      );
      await core.emit(fx, o, EVENTS.orderSubstituteAccepted, {
        extra: { substitutionId: sub.id, refundPaise },
        text: (shop) => ({
          title: { en: 'Substitute accepted', ta: 'மாற்றுப் பொருள் ஏற்கப்பட்டது' },
          body: {
            en: `${shop.en} will pack ${sub.substituteName.en} × ${sub.quantity} instead of ${line!.name.en}.`,
            ta: `${line!.name.ta} பதிலாக ${sub.substituteName.ta} × ${sub.quantity} ஐ ${shop.ta} பேக் செய்யும்.`,
          },
        }),
      });
      return { timerId: await owe(fx, o, refundPaise) };
    },
  });

  const refundAccepted = callStep({
    name: 'orders.substitute-accept.refund',
    run: (timerId: string) => deps.runTimer(timerId),
  });

  const accept = deps.flows.define({
    name: 'orders.substitute-accept',
    steps: [takeStock, settle, refundAccepted],
    async run(flow, input: AcceptInput): Promise<void> {
      await flow.db(takeStock, input);
      const { timerId } = await flow.db(settle, input);
      if (!timerId) return;
      try {
        await flow.call(refundAccepted, timerId);
      } catch (err) {
        log.warn({ err, orderId: input.orderId }, 'substitute refund did not run now; its timer retries it');
      }
    },
  });

  return {
    missing,
    accept,

    /**
     * The shop offers a substitute for (part of) a line: one transaction, no money moves until the
     * buyer accepts. Refused: dearer than the line's share of what was paid, not the shop's, out of
     * stock now, or an offer for that line still waiting.
     */
    async offer(
      fx: Effects,
      input: {
        orderId: string;
        shopId: string;
        actor: ShopActor;
        vrntId: string;
        substituteVrntId: string;
        quantity?: number;
      },
    ): Promise<OrderSubstitutionRow> {
      const o = await lockOrder(fx.tx, input.orderId);
      if (o.sellerId !== input.shopId) throw notFound('order');
      if (!CHANGEABLE.has(o.state))
        throw new AppError('OrderStateInvalid', undefined, { details: { state: o.state } });
      const lines = await linesOf(fx.tx, o.id);
      const subs = await subsOf(fx.tx, o.id);
      const line = lines.find((l) => l.vrntId === input.vrntId);
      if (!line) throw notFound('product');
      if (subs.some((s) => s.vrntId === line.vrntId && s.status === 'offered'))
        throw new AppError('SubstitutionPending');
      const left = stillComing(line, subs);
      const quantity = input.quantity ?? left;
      if (quantity < 1 || quantity > left)
        throw new AppError('ItemChangeInvalid', undefined, { details: { left } });
      const [found] = await deps.variants(fx.tx, [input.substituteVrntId]);
      if (!found || found.product.sellerId !== o.sellerId || found.variant.id === line.vrntId)
        throw notFound('product');
      const unit = found.variant.pricePaise;
      if (unit * quantity > line.unitPricePaise * quantity) {
        throw new AppError('SubstituteTooDear', undefined, {
          details: { substitutePaise: unit * quantity, linePaise: line.unitPricePaise * quantity },
        });
      }
      if (!found.variant.alwaysInventory && found.variant.inventory < quantity)
        throw new AppError('SubstituteOutOfStock');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SUBSTITUTE_ANSWER_MINUTES * 60_000);
      // The pack size too: a substitute is often the same product in another size.
      const size = `${found.variant.unitValue} ${found.variant.unit}`;
      const name = {
        en: `${found.product.name.en} ${size}`,
        ta: `${found.product.name.ta ?? found.product.name.en} ${size}`,
      };
      const [row] = await fx.tx
        .insert(orderSubstitutions)
        .values({
          id: newId(),
          orderId: o.id,
          vrntId: line.vrntId,
          quantity,
          substituteVrntId: found.variant.id,
          substituteProductId: found.product.id,
          substituteName: name,
          unitPricePaise: unit,
          taxPercent: found.variant.taxPercent,
          alwaysInventory: found.variant.alwaysInventory,
          status: 'offered',
          offeredAt: now,
          expiresAt,
          offeredBy: input.actor.name,
        })
        .returning();
      await core.addTimer(fx.tx, 'substitutionExpiry', o.id, expiresAt, { substitutionId: row!.id });
      await core.logState(
        fx.tx,
        o.id,
        o.state,
        stepNote.substituteOffered(line.name.en, name.en, quantity),
        input.actor,
      );
      await core.emit(fx, o, EVENTS.orderSubstituteOffered, {
        extra: { substitutionId: row!.id, expiresAt: expiresAt.toISOString() },
        text: (shop) => ({
          title: { en: 'A substitute to accept', ta: 'ஏற்க ஒரு மாற்றுப் பொருள்' },
          body: {
            en: `${shop.en} has no ${line.name.en}: it offers ${name.en} × ${quantity} for ${formatRupees(unit * quantity)}. Accept or decline within ${SUBSTITUTE_ANSWER_MINUTES} minutes.`,
            ta: `${shop.ta} கடையில் ${line.name.ta} இல்லை: ${name.ta} × ${quantity} ஐ ${formatRupees(unit * quantity)}க்கு வழங்குகிறது. ${SUBSTITUTE_ANSWER_MINUTES} நிமிடங்களுக்குள் ஏற்கவும் அல்லது மறுக்கவும்.`,
          },
        }),
      });
      return row!;
    },
  };
}

/** An order may not be packed while the buyer is still choosing a substitute (ops API and board alike). */
export async function assertNothingOffered(tx: Tx, orderId: string): Promise<void> {
  const subs = await tx
    .select({ id: orderSubstitutions.id })
    .from(orderSubstitutions)
    .where(and(eq(orderSubstitutions.orderId, orderId), eq(orderSubstitutions.status, 'offered')));
  if (subs.length > 0) throw new AppError('SubstitutionPending');
}

export type ItemChanges = ReturnType<typeof defineItemChanges>;
