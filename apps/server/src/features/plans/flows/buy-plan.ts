import { gstIncluded, type PlanKind, SERVICE_GST_PERCENT, type SubscribeResult } from '@petti/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { Localized } from '../../../db/columns.ts';
import { AppError } from '../../../http/app-error.ts';
import { dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import type { OpenedOrder, PaymentDraft } from '../../payments/index.ts';
import type { PlansDeps } from '../deps.ts';
import { livePeriods, lockKind, PENDING_REUSE_MS } from '../periods.ts';
import { subscriptions } from '../schema.ts';
import { type PlanRow, toSubscription } from '../views.ts';

export interface BuyPlanInput {
  userId: string;
  plan: PlanRow;
}

/** How a plan payment is described on its receipt (bought, or charged by its mandate). */
export const planDescription = (plan: PlanRow): Localized => ({
  en: `${plan.name.en} plan, ${plan.periodDays} days`,
  ta: `${plan.name.ta} திட்டம், ${plan.periodDays} நாட்கள்`,
});

/**
 * `plans.buy`: a pending subscription and the payment that will activate it
 * (docs/product.md#plans). Checked under the per-user lock of the plan's kind, the provider's
 * order opened with no transaction open, then recorded after checking again under the same lock.
 */
export function defineBuyPlanFlow(deps: PlansDeps) {
  const { payments, clock } = deps;

  /** One live plan per kind; tapping "buy" twice offers the same payment again rather than a second one. */
  async function check(tx: Tx, { userId, plan }: BuyPlanInput): Promise<SubscribeResult | null> {
    await lockKind(tx, userId, plan.kind);
    const now = clock.now();
    const live = await livePeriods(tx, userId, plan.kind, now);
    const other = live.find((s) => s.planId !== plan.id);
    if (other) {
      throw new AppError('SubscriptionActive', undefined, {
        details: { subscriptionId: other.id, planId: other.planId, endsAt: other.endsAt?.toISOString() },
      });
    }
    if (live.some((s) => s.startsAt && s.startsAt > now)) throw new AppError('SubscriptionRenewalScheduled');
    const [pending] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.planId, plan.id),
          eq(subscriptions.status, 'pending'),
          gt(subscriptions.createdAt, new Date(now.getTime() - PENDING_REUSE_MS)),
        ),
      )
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    const pendingPayment = pending?.paymentId ? await payments.findById(tx, pending.paymentId) : undefined;
    if (pending && pendingPayment?.status === 'created') {
      return {
        subscription: toSubscription(pending, plan, now),
        payment: payments.contractOf(pendingPayment),
      };
    }
    return null;
  }

  const checkPurchase = dbStep({
    name: 'plans.check-purchase',
    run: (fx, input: BuyPlanInput) => check(fx.tx, input),
  });

  const recordPurchase = dbStep({
    name: 'plans.record-purchase',
    async run(fx, input: BuyPlanInput & { draft: PaymentDraft; opened: OpenedOrder }) {
      // Checked again: another purchase may have landed while the provider answered.
      const again = await check(fx.tx, input);
      if (again) return again;
      const { plan, userId, draft } = input;
      const now = clock.now();
      const [sub] = await fx.tx
        .insert(subscriptions)
        .values({
          id: draft.subjectId,
          userId,
          planId: plan.id,
          kind: plan.kind as PlanKind,
          status: 'pending',
          pricePaise: plan.pricePaise,
          periodDays: plan.periodDays,
          lockerHours: plan.lockerHours,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const payment = await payments.record(fx.tx, draft, input.opened);
      const [withPayment] = await fx.tx
        .update(subscriptions)
        .set({ paymentId: payment.id })
        .where(eq(subscriptions.id, sub!.id))
        .returning();
      const result: SubscribeResult = { subscription: toSubscription(withPayment!, plan, now), payment };
      return undoWith(result, { subscriptionId: sub!.id, paymentId: payment.id });
    },
    async undo(fx, data: { subscriptionId: string; paymentId: string }) {
      await fx.tx
        .update(subscriptions)
        .set({ paymentId: null })
        .where(eq(subscriptions.id, data.subscriptionId));
      await payments.discardUnpaid(fx.tx, data.paymentId);
      await fx.tx.delete(subscriptions).where(eq(subscriptions.id, data.subscriptionId));
    },
  });

  return deps.flows.define<BuyPlanInput, SubscribeResult>({
    name: 'plans.buy',
    steps: [checkPurchase, payments.openProviderOrder, recordPurchase],
    async run(flow, input) {
      const offered = await flow.db(checkPurchase, input);
      if (offered) return offered;
      const { plan, userId } = input;
      // The amount comes from the plan's data, never from the request.
      const draft = payments.draft({
        userId,
        purpose: 'plan',
        subjectId: newId(),
        amountPaise: plan.pricePaise,
        taxPaise: gstIncluded(plan.pricePaise, SERVICE_GST_PERCENT),
        taxPercent: SERVICE_GST_PERCENT,
        description: planDescription(plan),
      });
      const opened = await flow.call(payments.openProviderOrder, draft);
      return flow.db(recordPurchase, { ...input, draft, opened }, { ends: true });
    },
  });
}
