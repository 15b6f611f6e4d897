import type { Plan, Subscription } from '@petti/shared/schemas/payments';

/** Pure helpers for the plan screens (plan-view.test.ts). */

/** What a plan gives, as message keys with their values, in the order a shopper reads them. */
export type Benefit =
  | { key: 'lockerHours'; count: number; sizes: string }
  | { key: 'anySize' }
  | { key: 'waitlistPriority' }
  | { key: 'freeDelivery'; paise: number };

export function benefitsOf(plan: Plan): Benefit[] {
  const out: Benefit[] = [];
  if (plan.lockerHours) {
    out.push({ key: 'lockerHours', count: plan.lockerHours, sizes: plan.sizes.join(', ') });
    if (plan.sizes.length >= 4) out.push({ key: 'anySize' });
  }
  if (plan.waitlistPriority) out.push({ key: 'waitlistPriority' });
  if (plan.freeDeliveryOverPaise !== null)
    out.push({ key: 'freeDelivery', paise: plan.freeDeliveryOverPaise });
  return out;
}

/** The plans a user holds that still matter on screen: running (or paused), paid for later, or being paid. */
export function currentSubscriptions(subs: readonly Subscription[]): Subscription[] {
  const order = { active: 0, paused: 1, scheduled: 2, pending: 3 } as Record<string, number>;
  return subs
    .filter((s) => s.status in order)
    .sort((a, b) => (order[a.status] ?? 9) - (order[b.status] ?? 9));
}

/** How a plan card's button reads for this user: buy it, renew it, or not now (another of its kind runs). */
export function planAction(
  plan: Plan,
  subs: readonly Subscription[],
): 'buy' | 'renew' | 'renewalScheduled' | 'otherActive' {
  // A paused plan still runs: its period is paid, only its benefits rest.
  const running = (s: Subscription) => s.status === 'active' || s.status === 'paused';
  const live = subs.filter((s) => s.kind === plan.kind && (running(s) || s.status === 'scheduled'));
  const same = live.filter((s) => s.planId === plan.id);
  if (same.some((s) => s.status === 'scheduled')) return 'renewalScheduled';
  if (same.some(running)) return 'renew';
  if (live.length > 0) return 'otherActive';
  return 'buy';
}

/** Share of the plan's locker hours used, 0–100, for the usage bar (null when it gives no hours). */
export function usedPercent(s: Pick<Subscription, 'lockerHours' | 'lockerHoursUsed'>): number | null {
  if (!s.lockerHours) return null;
  return Math.min(100, Math.round((s.lockerHoursUsed / s.lockerHours) * 100));
}
