import {
  EVENTS,
  gstIncluded,
  PLAN_RENEWAL_REMINDER_DAYS,
  type Plan,
  type PlanKind,
  SERVICE_GST_PERCENT,
  type SubscribeResult,
  type Subscription,
} from '@petti/shared';
import { and, asc, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import { newId } from '../../platform/ids.ts';
import type { NewNotification } from '../notifications/service.ts';
import { EVENT_TEXT } from '../payments/event-texts.ts';
import { GrantRefused, type PaymentsService } from '../payments/service.ts';
import { usersService } from '../users/service.ts';
import { deliveryFees, plans, subscriptions } from './schema.ts';

type PlanRow = typeof plans.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
export type DeliveryFeeRow = typeof deliveryFees.$inferSelect;

const DAY_MS = 86_400_000;
/** A pending purchase's payment is offered again for this long; after that it is left behind. */
const PENDING_REUSE_MS = 30 * 60_000;

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind as PlanKind,
    pricePaise: row.pricePaise,
    taxPaise: gstIncluded(row.pricePaise, SERVICE_GST_PERCENT),
    gstPercent: SERVICE_GST_PERCENT,
    periodDays: row.periodDays,
    lockerHours: row.lockerHours,
    sizes: row.sizes,
    waitlistPriority: row.waitlistPriority,
    freeDeliveryOverPaise: row.freeDeliveryOverPaise,
  };
}

/** Stored status plus the clock: a paid period is scheduled, active or expired by its dates. */
export function statusOf(sub: SubscriptionRow, now: Date): Subscription['status'] {
  if (sub.status !== 'active') return sub.status;
  if (sub.startsAt && now < sub.startsAt) return 'scheduled';
  if (sub.endsAt && now >= sub.endsAt) return 'expired';
  return 'active';
}

function toSubscription(sub: SubscriptionRow, plan: PlanRow, now: Date): Subscription {
  return {
    id: sub.id,
    planId: sub.planId,
    plan: toPlan(plan),
    kind: sub.kind,
    status: statusOf(sub, now),
    startsAt: sub.startsAt?.toISOString() ?? null,
    endsAt: sub.endsAt?.toISOString() ?? null,
    lockerHours: sub.lockerHours,
    lockerHoursUsed: sub.lockerHoursUsed,
    lockerHoursLeft: sub.lockerHours === null ? null : Math.max(0, sub.lockerHours - sub.lockerHoursUsed),
    deliveriesUsed: sub.deliveriesUsed,
    pricePaise: sub.pricePaise,
    paymentId: sub.paymentId,
    createdAt: sub.createdAt.toISOString(),
  };
}

const planDescription = (plan: PlanRow): Localized => ({
  en: `${plan.name.en} plan, ${plan.periodDays} days`,
  ta: `${plan.name.ta} திட்டம், ${plan.periodDays} நாட்கள்`,
});

const dateIn = (locale: string, d: Date) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(d);

const STATUS_ORDER: Record<Subscription['status'], number> = {
  active: 0,
  scheduled: 1,
  pending: 2,
  expired: 3,
  failed: 4,
  cancelled: 5,
};

/**
 * Plans and subscriptions (PRODUCT.md "Subscription plans"). One live plan per kind: buying the
 * same plan again while it runs renews it (the new period starts when the current one ends);
 * buying a different plan of that kind is refused with SubscriptionActive until it ends.
 */
export function createPlansService(deps: {
  db: Db;
  clock: Clock;
  payments: PaymentsService;
  notifications: { add(tx: DbOrTx, n: NewNotification): Promise<unknown> };
  userEvents: UserEvents;
  log: Logger;
}) {
  const { db, clock, payments, log } = deps;

  /** Serialises purchases and activations of one user's plans of one kind, across processes. */
  async function lockKind(tx: Tx, userId: string, kind: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriptions:${userId}:${kind}`}))`);
  }

  /** Paid periods of this kind not yet over (the running one and a renewal after it). */
  async function livePeriods(tx: DbOrTx, userId: string, kind: string, now: Date, except?: string) {
    return tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.kind, kind as PlanKind),
          eq(subscriptions.status, 'active'),
          gt(subscriptions.endsAt, now),
          except ? ne(subscriptions.id, except) : undefined,
        ),
      )
      .orderBy(asc(subscriptions.endsAt));
  }

  async function planOf(q: DbOrTx, planId: string): Promise<PlanRow | undefined> {
    const [row] = await q.select().from(plans).where(eq(plans.id, planId));
    return row;
  }

  async function view(q: DbOrTx, subscriptionId: string): Promise<Subscription | null> {
    const [row] = await q
      .select({ sub: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.id, subscriptionId));
    return row ? toSubscription(row.sub, row.plan, clock.now()) : null;
  }

  // A captured plan payment activates the plan in the same transaction.
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
    if (live.some((s) => s.startsAt && s.startsAt > now))
      throw new GrantRefused('SubscriptionRenewalScheduled');
    // A renewal starts when the running period ends; otherwise now.
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
      text: EVENT_TEXT.subscriptionActivated,
    });
    const plan = await planOf(tx, sub.planId);
    if (plan) {
      const scheduled = startsAt > now;
      await deps.notifications.add(tx, {
        userId: sub.userId,
        kind: EVENTS.subscriptionActivated,
        title: scheduled
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

  payments.describe('plan', async (q, payment) => view(q, payment.subjectId));

  return {
    async list(): Promise<Plan[]> {
      const rows = await db.select().from(plans).orderBy(asc(plans.kind), asc(plans.pricePaise));
      // Locker plans first, as the seed's /subscription page shows them.
      return rows.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'locker' ? -1 : 1)).map(toPlan);
    },

    /** The seed's `GET subscription?type=subscription.user_get&userMobile=…`: only for the caller's own number. */
    async legacyList(userId: string, userMobile: string) {
      const user = await usersService.findById(db, userId);
      if (!user || user.phone !== userMobile) {
        throw new AppError('Forbidden', 'userMobile must be your own number (91 and 10 digits, without +).');
      }
      return { data: { data: await this.list() } };
    },

    /** Starts buying a plan: a pending subscription and the payment that will activate it. */
    async subscribe(userId: string, planId: string): Promise<SubscribeResult> {
      const plan = await planOf(db, planId);
      if (!plan) throw new AppError('PlanNotFound');
      return db.transaction(async (tx) => {
        await lockKind(tx, userId, plan.kind);
        const now = clock.now();
        const live = await livePeriods(tx, userId, plan.kind, now);
        const other = live.find((s) => s.planId !== plan.id);
        if (other) {
          throw new AppError('SubscriptionActive', undefined, {
            details: { subscriptionId: other.id, planId: other.planId, endsAt: other.endsAt?.toISOString() },
          });
        }
        if (live.some((s) => s.startsAt && s.startsAt > now))
          throw new AppError('SubscriptionRenewalScheduled');
        // Tapping "buy" twice offers the same payment again rather than a second one.
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
        const pendingPayment = pending?.paymentId
          ? await payments.findById(tx, pending.paymentId)
          : undefined;
        if (pending && pendingPayment?.status === 'created') {
          return {
            subscription: toSubscription(pending, plan, now),
            payment: payments.contractOf(pendingPayment),
          };
        }
        const id = newId();
        const [sub] = await tx
          .insert(subscriptions)
          .values({
            id,
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
        // The amount comes from the plan's data, never from the request.
        const payment = await payments.createPayment(tx, {
          userId,
          purpose: 'plan',
          subjectId: id,
          amountPaise: plan.pricePaise,
          taxPaise: gstIncluded(plan.pricePaise, SERVICE_GST_PERCENT),
          taxPercent: SERVICE_GST_PERCENT,
          description: planDescription(plan),
        });
        const [withPayment] = await tx
          .update(subscriptions)
          .set({ paymentId: payment.id })
          .where(eq(subscriptions.id, sub!.id))
          .returning();
        return { subscription: toSubscription(withPayment!, plan, now), payment };
      });
    },

    /**
     * The user's plans: active, scheduled renewals, pending purchases (while their payment is
     * fresh) and expired ones. Failed and cancelled purchases show in the payment history instead.
     */
    async listFor(userId: string): Promise<Subscription[]> {
      const now = clock.now();
      const rows = await db
        .select({ sub: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(100);
      return rows
        .filter(
          ({ sub }) =>
            sub.status === 'active' ||
            (sub.status === 'pending' && now.getTime() - sub.createdAt.getTime() < PENDING_REUSE_MS),
        )
        .map(({ sub, plan }) => toSubscription(sub, plan, now))
        .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
    },

    /** The plan of this kind in force at `at` (lockers and orders ask before pricing). */
    async activeFor(q: DbOrTx, userId: string, kind: PlanKind, at = clock.now()) {
      const [row] = await q
        .select({ sub: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.kind, kind),
            eq(subscriptions.status, 'active'),
            lte(subscriptions.startsAt, at),
            gt(subscriptions.endsAt, at),
          ),
        )
        .limit(1);
      return row ? { subscription: toSubscription(row.sub, row.plan, at), plan: toPlan(row.plan) } : null;
    },

    /** Takes plan hours (in the caller's transaction); false when not enough are left. */
    async useLockerHours(tx: DbOrTx, subscriptionId: string, hours: number): Promise<boolean> {
      const rows = await tx
        .update(subscriptions)
        .set({ lockerHoursUsed: sql`${subscriptions.lockerHoursUsed} + ${hours}` })
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            sql`${subscriptions.lockerHoursUsed} + ${hours} <= coalesce(${subscriptions.lockerHours}, 0)`,
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    /** Gives plan hours back (a cancelled booking). */
    async releaseLockerHours(tx: DbOrTx, subscriptionId: string, hours: number): Promise<void> {
      await tx
        .update(subscriptions)
        .set({ lockerHoursUsed: sql`greatest(0, ${subscriptions.lockerHoursUsed} - ${hours})` })
        .where(eq(subscriptions.id, subscriptionId));
    },

    /** Counts one free delivery against a Delivery Pass. */
    /** The delivery fee rules orders are priced with (docs/product.md#delivery-cart). */
    async deliveryFees(q: DbOrTx): Promise<DeliveryFeeRow> {
      const [fees] = await q.select().from(deliveryFees).where(eq(deliveryFees.id, 'default'));
      if (!fees) throw new Error('no delivery fee rules (delivery_fees "default")');
      return fees;
    },

    /** A delivery taken back (its order was cancelled before it went out): counted as unused again. */
    async returnDelivery(tx: DbOrTx, subscriptionId: string): Promise<void> {
      await tx
        .update(subscriptions)
        .set({ deliveriesUsed: sql`greatest(${subscriptions.deliveriesUsed} - 1, 0)` })
        .where(eq(subscriptions.id, subscriptionId));
    },

    async useDelivery(tx: DbOrTx, subscriptionId: string): Promise<void> {
      await tx
        .update(subscriptions)
        .set({ deliveriesUsed: sql`${subscriptions.deliveriesUsed} + 1` })
        .where(eq(subscriptions.id, subscriptionId));
    },

    /**
     * Renewal reminders: a notification PLAN_RENEWAL_REMINDER_DAYS before a plan ends, unless a
     * renewal is already paid. Rows are claimed with SKIP LOCKED so several processes never double up.
     */
    async runDue(): Promise<number> {
      const now = clock.now();
      const soon = new Date(now.getTime() + PLAN_RENEWAL_REMINDER_DAYS * DAY_MS);
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.status, 'active'),
              isNull(subscriptions.reminderSentAt),
              gt(subscriptions.endsAt, now),
              lte(subscriptions.endsAt, soon),
              lte(subscriptions.startsAt, now),
            ),
          )
          .limit(100)
          .for('update', { skipLocked: true });
        let sent = 0;
        for (const sub of due) {
          const renewal = (await livePeriods(tx, sub.userId, sub.kind, now, sub.id)).some(
            (s) => s.startsAt && s.startsAt >= sub.endsAt!,
          );
          const plan = await planOf(tx, sub.planId);
          if (!renewal && plan) {
            const endsAt = sub.endsAt!;
            await deps.notifications.add(tx, {
              userId: sub.userId,
              kind: 'planRenewal',
              title: { en: `${plan.name.en} ends soon`, ta: `${plan.name.ta} விரைவில் முடிகிறது` },
              body: {
                en: `Your ${plan.name.en} plan ends on ${dateIn('en-IN', endsAt)}. Renew it to keep its benefits.`,
                ta: `உங்கள் ${plan.name.ta} திட்டம் ${dateIn('ta-IN', endsAt)} அன்று முடிகிறது. அதன் பலன்களைத் தொடர்ந்து பெற புதுப்பிக்கவும்.`,
              },
              data: { subscriptionId: sub.id, planId: sub.planId, endsAt: endsAt.toISOString() },
            });
            sent += 1;
          }
          await tx.update(subscriptions).set({ reminderSentAt: now }).where(eq(subscriptions.id, sub.id));
        }
        if (sent) log.info({ sent }, 'plan renewal reminders added');
        return sent;
      });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
