import { PLAN_RENEWAL_REMINDER_DAYS } from '@petti/shared';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { PlansDeps } from './deps.ts';
import { DAY_MS, livePeriods, planOf } from './periods.ts';
import { subscriptions } from './schema.ts';
import { dateIn } from './views.ts';

/**
 * Renewal reminders: a notification PLAN_RENEWAL_REMINDER_DAYS before a plan ends, unless a
 * renewal is already paid. Rows are claimed with SKIP LOCKED so several processes never double up.
 */
export function createRenewalReminders(deps: Pick<PlansDeps, 'db' | 'clock' | 'notifications' | 'log'>) {
  const { db, clock, log } = deps;
  return async function runDue(): Promise<number> {
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
  };
}
