import type { BuyListingBody } from '@petti/shared/schemas/complex';
import { COMPLEX_ORDER_ID_PREFIX, COMPLEX_RULES } from '@petti/shared/schemas/complex';
import { and, eq, gte, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../../http/app-error.ts';
import { dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import { cancelTimerByKey, schedule } from '../../../platform/jobs/worker.ts';
import { lockersService } from '../../lockers/index.ts';
import type { MarketDeps } from '../deps.ts';
import { TIMERS } from '../order-core.ts';
import { complexListings, complexOrders } from '../schema.ts';

export interface BuyInput {
  userId: string;
  body: BuyListingBody;
}

const MIN = 60_000;
export const holdKey = (orderId: string) => `${TIMERS.paymentHold}:${orderId}`;

/**
 * `complexMarket.buy` (docs/complex.md#buying, docs/decisions/0005-flows.md):
 * 1. reserve (db): the buyer is a member of the listing's complex, the listing is active, not the
 *    buyer's own, offers that hand-over; the quantity is taken by one conditional update (so of fifty
 *    buyers for the last unit exactly one gets it), the order written at the listing's price, and a
 *    payment-hold timer set. Undone by giving the quantity back and deleting the order.
 * 2. the provider's order (call, no transaction open).
 * 3. record-payment (db): the payment stored and attached.
 */
export function defineBuy(deps: MarketDeps) {
  const { payments, clock, membership } = deps;

  const reserve = dbStep({
    name: 'complexMarket.buy.reserve',
    async run(fx, input: BuyInput) {
      const { body } = input;
      const tx = fx.tx;
      const member = await membership.requireMember(tx, input.userId);
      const [listing] = await tx.select().from(complexListings).where(eq(complexListings.id, body.listingId));
      if (
        !listing ||
        listing.complexId !== member.complexId ||
        listing.hiddenAt ||
        listing.status === 'delisted'
      )
        throw notFound('listing');
      if (listing.sellerId === input.userId) throw new AppError('OwnListing');
      if (!listing.handover.includes(body.handover)) throw new AppError('HandoverNotOffered');
      let siteId: string | null = null;
      if (body.handover === 'complex_locker') {
        if (listing.hazardous) throw new AppError('HazardousNotToLocker');
        const site = await lockersService.complexSite(tx, listing.complexId);
        if (!site) throw new AppError('HandoverNotOffered', 'This complex has no lockers yet.');
        siteId = site.id;
      }
      const [taken] = await tx
        .update(complexListings)
        .set({ quantity: sql`${complexListings.quantity} - ${body.quantity}` })
        .where(
          and(
            eq(complexListings.id, listing.id),
            eq(complexListings.status, 'active'),
            gte(complexListings.quantity, body.quantity),
          ),
        )
        .returning({ quantity: complexListings.quantity });
      if (!taken)
        throw new AppError('ListingUnavailable', undefined, { details: { available: listing.quantity } });
      const now = clock.now();
      const orderId = `${COMPLEX_ORDER_ID_PREFIX}${newId()}`;
      const holdExpiresAt = new Date(now.getTime() + COMPLEX_RULES.paymentHoldMinutes * MIN);
      await tx.insert(complexOrders).values({
        id: orderId,
        complexId: listing.complexId,
        listingId: listing.id,
        buyerId: input.userId,
        sellerId: listing.sellerId,
        title: listing.title,
        photoId: listing.photoIds[0] ?? null,
        quantity: body.quantity,
        unitPricePaise: listing.pricePaise,
        totalPaise: listing.pricePaise * body.quantity,
        handover: body.handover,
        state: 'awaiting_payment',
        siteId,
        holdExpiresAt,
        timeline: [{ state: 'awaiting_payment', at: now.toISOString(), note: null }],
        createdAt: now,
        updatedAt: now,
      });
      await schedule(tx, clock, {
        kind: TIMERS.paymentHold,
        key: holdKey(orderId),
        dueAt: holdExpiresAt,
        data: { orderId },
      });
      const reserved = { orderId, totalPaise: listing.pricePaise * body.quantity, title: listing.title };
      return undoWith(reserved, { orderId, listingId: listing.id, quantity: body.quantity });
    },
    async undo(fx, u: { orderId: string; listingId: string; quantity: number }) {
      await cancelTimerByKey(fx.tx, holdKey(u.orderId));
      await fx.tx.delete(complexOrders).where(eq(complexOrders.id, u.orderId));
      await fx.tx
        .update(complexListings)
        .set({ quantity: sql`${complexListings.quantity} + ${u.quantity}` })
        .where(eq(complexListings.id, u.listingId));
    },
  });

  const recordPayment = dbStep({
    name: 'complexMarket.buy.record-payment',
    async run(
      fx,
      args: {
        orderId: string;
        draft: Parameters<typeof payments.record>[1];
        opened: { providerOrderId: string };
      },
    ) {
      const payment = await payments.record(fx.tx, args.draft, args.opened);
      await fx.tx
        .update(complexOrders)
        .set({ paymentId: payment.id })
        .where(eq(complexOrders.id, args.orderId));
      return args.orderId;
    },
  });

  return deps.flows.define({
    name: 'complexMarket.buy',
    steps: [reserve, payments.openProviderOrder, recordPayment],
    async run(flow, input: BuyInput): Promise<string> {
      const reserved = await flow.db(reserve, input);
      const draft = payments.draft({
        userId: input.userId,
        purpose: 'complex',
        subjectId: reserved.orderId,
        amountPaise: reserved.totalPaise,
        // A neighbour's private sale: no GST is charged on it.
        taxPaise: 0,
        taxPercent: null,
        description: {
          en: `From a neighbour: ${reserved.title}`,
          ta: `அண்டை வீட்டாரிடமிருந்து: ${reserved.title}`,
        },
      });
      const opened = await flow.call(payments.openProviderOrder, draft);
      return flow.db(recordPayment, { orderId: reserved.orderId, draft, opened }, { ends: true });
    },
  });
}

export type BuyFlow = ReturnType<typeof defineBuy>;
