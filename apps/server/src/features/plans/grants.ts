import { EVENTS } from '@petti/shared';
import { and, eq, ne } from 'drizzle-orm';
import { GrantRefused } from '../payments/index.ts';
import type { PlansDeps } from './deps.ts';
import { DAY_MS, livePeriods, lockKind, planOf, subscriptionView } from './periods.ts';
import { subscriptions } from './schema.ts';
import { dateIn } from './views.ts';

/**
 * What a plan payment does to its subscription: a capture activates it (in the capture's
 * transaction, or GrantRefused when another plan of its kind got there first), a failure marks it,
 * a full refund ends it (docs/product.md#plans).
 */
export function registerPlanGrants(deps: PlansDeps): void {
  const { payments, clock } = deps;

  payments.onCaptured('plan', async (fx, payment) => {
    const tx = fx.tx;
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, payment.subjectId))
      .for('update');
    if (!sub) throw new GrantRefused('ResourceNotFound', `subscription ${payment.subjectId} is gone`);
    if (sub.status !== 'pending' && sub.status !== 'failed') return;
    await lockKind(tx, sub.userId, sub.kind);
    const now = clock.now();
    const live = await livePeriods(tx, sub.userId, sub.kind, now, sub.id);
    if (live.some((s) => s.planId !== sub.planId)) throw new GrantRefused('SubscriptionActive');
    // One renewal bought by hand at a time; a mandate's charge always buys the period after the last
    // one paid (a pause moves periods, not the provider's charge dates: docs/payments.md#automatic-renewal).
    if (!sub.mandateId && live.some((s) => s.startsAt && s.startsAt > now))
      throw new GrantRefused('SubscriptionRenewalScheduled');
    // A renewal starts when the last paid period ends; otherwise now.
    const startsAt = live.at(-1)?.endsAt ?? now;
    const endsAt = new Date(startsAt.getTime() + sub.periodDays * DAY_MS);
    await tx
      .update(subscriptions)
      .set({ status: 'active', startsAt, endsAt, activatedAt: now, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await deps.userEvents.emit(fx, {
      userId: sub.userId,
      event: EVENTS.subscriptionActivated,
      data: {
        id: sub.id,
        planId: sub.planId,
        paymentId: payment.id,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      },
      text: { en: 'Your plan is active.', ta: 'உங்கள் திட்டம் செயலில் உள்ளது.' },
    });
    const plan = await planOf(tx, sub.planId);
    if (plan) {
      const scheduled = startsAt > now;
      await deps.notifications.add(tx, {
        userId: sub.userId,
        kind: EVENTS.subscriptionActivated,
        title: sub.mandateId
          ? {
              en: `${plan.name.en} renewed automatically`,
              ta: `${plan.name.ta} தானாகப் புதுப்பிக்கப்பட்டது`,
            }
          : scheduled
            ? { en: `${plan.name.en} renewed`, ta: `${plan.name.ta} புதுப்பிக்கப்பட்டது` }
            : { en: `${plan.name.en} is active`, ta: `${plan.name.ta} செயலில் உள்ளது` },
        body: scheduled
          ? {
              en: `Your next period runs from ${dateIn('en-IN', startsAt)} to ${dateIn('en-IN', endsAt)}.`,
              ta: `அடுத்த காலம் ${dateIn('ta-IN', startsAt)} முதல் ${dateIn('ta-IN', endsAt)} வரை.`,
            }
          : {
              en: `Its benefits apply until ${dateIn('en-IN', endsAt)}.`,
              ta: `இதன் பலன்கள் ${dateIn('ta-IN', endsAt)} வரை கிடைக்கும்.`,
            },
        data: { subscriptionId: sub.id, planId: sub.planId, paymentId: payment.id },
      });
    }
  });

  payments.onFailed('plan', async (fx, payment) => {
    await fx.tx
      .update(subscriptions)
      .set({ status: 'failed', updatedAt: clock.now() })
      .where(and(eq(subscriptions.id, payment.subjectId), eq(subscriptions.status, 'pending')));
  });

  // A full refund ends the plan (or the purchase, when it could not be granted); a partial one
  // (a goodwill gesture) leaves it running.
  payments.onRefunded('plan', async (fx, payment, refund) => {
    if (!refund.full) return;
    await fx.tx
      .update(subscriptions)
      .set({ status: 'cancelled', updatedAt: clock.now() })
      .where(and(eq(subscriptions.id, payment.subjectId), ne(subscriptions.status, 'cancelled')));
  });

  payments.describe('plan', async (q, payment) => subscriptionView(q, payment.subjectId, clock.now()));
}
