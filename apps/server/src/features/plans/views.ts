import { gstIncluded, type Plan, type PlanKind, SERVICE_GST_PERCENT, type Subscription } from '@petti/shared';
import { autoRenewOf, type MandateRow } from './mandates.ts';
import type { plans, subscriptions } from './schema.ts';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

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
  if (sub.pausedFrom && sub.pausedUntil && sub.pausedFrom <= now && now < sub.pausedUntil) return 'paused';
  return 'active';
}

/** A subscription as the app sees it; `mandate` is the holder's latest of its kind, shown on the running period. */
export function toSubscription(
  sub: SubscriptionRow,
  plan: PlanRow,
  now: Date,
  mandate?: MandateRow,
): Subscription {
  const status = statusOf(sub, now);
  return {
    id: sub.id,
    planId: sub.planId,
    plan: toPlan(plan),
    kind: sub.kind,
    status,
    startsAt: sub.startsAt?.toISOString() ?? null,
    endsAt: sub.endsAt?.toISOString() ?? null,
    lockerHours: sub.lockerHours,
    lockerHoursUsed: sub.lockerHoursUsed,
    lockerHoursLeft: sub.lockerHours === null ? null : Math.max(0, sub.lockerHours - sub.lockerHoursUsed),
    deliveriesUsed: sub.deliveriesUsed,
    pricePaise: sub.pricePaise,
    paymentId: sub.paymentId,
    pause:
      sub.pausedFrom && sub.pausedUntil
        ? { from: sub.pausedFrom.toISOString(), until: sub.pausedUntil.toISOString() }
        : null,
    autoRenew: status === 'active' || status === 'paused' ? autoRenewOf(sub, mandate, now) : null,
    createdAt: sub.createdAt.toISOString(),
  };
}

export const dateIn = (locale: string, d: Date) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(d);
