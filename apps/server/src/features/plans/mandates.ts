import { type AutoRenew, PLAN_RULES, type PlanKind } from '@petti/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { planMandates, type subscriptions } from './schema.ts';

export type MandateRow = typeof planMandates.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** States in which a mandate may still charge. */
export const CHARGING_MANDATE = ['authorizing', 'on', 'retrying'] as const;

/** An authorisation left unfinished past the provider's `expire_by` is as good as gone. */
export const authorizationLapsed = (m: MandateRow, now: Date) =>
  m.status === 'authorizing' &&
  now.getTime() - m.createdAt.getTime() >= PLAN_RULES.autoRenewAuthorizeMinutes * 60_000;

/** The holder's mandate of this kind that may still charge (an authorisation under way counts), if any. */
export async function chargingMandate(q: DbOrTx, userId: string, kind: PlanKind, now: Date) {
  const rows = await q
    .select()
    .from(planMandates)
    .where(
      and(
        eq(planMandates.userId, userId),
        eq(planMandates.kind, kind),
        inArray(planMandates.status, [...CHARGING_MANDATE]),
      ),
    )
    .orderBy(desc(planMandates.createdAt));
  return rows.find((m) => !authorizationLapsed(m, now));
}

/** The holder's latest mandates still worth showing (not off, completed or expired), one per kind. */
export async function latestMandates(q: DbOrTx, userId: string): Promise<MandateRow[]> {
  const rows = await q
    .select()
    .from(planMandates)
    .where(
      and(eq(planMandates.userId, userId), inArray(planMandates.status, [...CHARGING_MANDATE, 'halted'])),
    )
    .orderBy(desc(planMandates.createdAt))
    .limit(20);
  const seen = new Set<string>();
  return rows.filter((m) => !seen.has(m.kind) && seen.add(m.kind));
}

/**
 * What a running period shows of its plan's automatic renewal: an authorisation under way, on,
 * retrying a failed charge, or halted during this period (so the holder learns why it will end).
 * Turned off, completed or never authorised: nothing.
 */
export function autoRenewOf(
  sub: SubscriptionRow,
  mandate: MandateRow | undefined,
  now: Date,
): AutoRenew | null {
  if (!mandate || mandate.planId !== sub.planId || mandate.kind !== sub.kind) return null;
  if (authorizationLapsed(mandate, now)) return null;
  if (mandate.status === 'halted' && !(sub.startsAt && mandate.updatedAt >= sub.startsAt)) return null;
  if (!['authorizing', 'on', 'retrying', 'halted'].includes(mandate.status)) return null;
  return {
    status: mandate.status as AutoRenew['status'],
    nextChargeAt: mandate.nextChargeAt?.toISOString() ?? null,
    amountPaise: mandate.amountPaise,
    failedCharges: mandate.failedCharges,
  };
}
