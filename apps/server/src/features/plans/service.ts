import type { Plan, SubscribeResult, Subscription } from '@petti/shared';
import { asc, desc, eq } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { usersService } from '../users/index.ts';
import { createAutoRenew } from './auto-renew.ts';
import type { PlansDeps } from './deps.ts';
import { defineBuyPlanFlow } from './flows/buy-plan.ts';
import { registerPlanGrants } from './grants.ts';
import { createHolderChanges } from './holder-changes.ts';
import { latestMandates } from './mandates.ts';
import { PENDING_REUSE_MS, planOf } from './periods.ts';
import { createRenewalReminders } from './reminders.ts';
import { plans, subscriptions } from './schema.ts';
import { createPlanUsage } from './usage.ts';
import { toPlan, toSubscription } from './views.ts';

export type { PlansDeps } from './deps.ts';
export { statusOf, toPlan } from './views.ts';

const STATUS_ORDER: Record<Subscription['status'], number> = {
  active: 0,
  paused: 1,
  scheduled: 2,
  pending: 3,
  expired: 4,
  failed: 5,
  cancelled: 6,
};

/**
 * Plans and subscriptions (docs/product.md#plans). One live plan per kind: buying the same plan
 * again while it runs renews it (the new period starts when the current one ends); buying a
 * different plan of that kind is refused with SubscriptionActive until it ends.
 */
export function createPlansService(deps: PlansDeps) {
  const { db, clock } = deps;
  registerPlanGrants(deps);
  const buy = defineBuyPlanFlow(deps);

  return {
    async list(): Promise<Plan[]> {
      const rows = await db.select().from(plans).orderBy(asc(plans.kind), asc(plans.pricePaise));
      // Locker plans first, as the /subscription page shows them.
      return rows.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'locker' ? -1 : 1)).map(toPlan);
    },

    /** The legacy `GET subscription?type=subscription.user_get&userMobile=…`: only for the caller's own number. */
    async legacyList(userId: string, userMobile: string) {
      const user = await usersService.findById(db, userId);
      if (!user || user.phone !== userMobile) {
        throw new AppError('Forbidden', 'userMobile must be your own number (91 and 10 digits, without +).');
      }
      return { data: { data: await this.list() } };
    },

    /** Starts buying a plan (`plans.buy`): a pending subscription and the payment that will activate it. */
    async subscribe(userId: string, planId: string): Promise<SubscribeResult> {
      const plan = await planOf(db, planId);
      if (!plan) throw new AppError('PlanNotFound');
      return buy.run({ userId, plan });
    },

    /** The flows, for their tests (`flow.steps`). */
    flows: { buy },

    /**
     * The user's plans: active, scheduled renewals, pending purchases (while their payment is
     * fresh) and expired ones. Failed and cancelled purchases show in the payment history instead.
     */
    async listFor(userId: string): Promise<Subscription[]> {
      const rows = await db
        .select({ sub: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(100);
      // Read after the rows: a plan granted while they were read starts "now" at its grant, which
      // a clock read before would put in the future (shown as starting later).
      const now = clock.now();
      const mandates = await latestMandates(db, userId);
      return rows
        .filter(
          ({ sub }) =>
            sub.status === 'active' ||
            (sub.status === 'pending' && now.getTime() - sub.createdAt.getTime() < PENDING_REUSE_MS),
        )
        .map(({ sub, plan }) =>
          toSubscription(
            sub,
            plan,
            now,
            mandates.find((m) => m.kind === sub.kind),
          ),
        )
        .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
    },

    ...createPlanUsage(clock, deps.changes),

    ...createHolderChanges(deps),

    ...createAutoRenew(deps),

    runDue: createRenewalReminders(deps),
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
