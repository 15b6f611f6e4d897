import { formatRupees, PLAN_RENEWAL_REMINDER_DAYS, PLAN_RULES } from '@petti/shared';
import { and, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { PlansDeps } from './deps.ts';
import { chargingMandate } from './mandates.ts';
import { DAY_MS, livePeriods, planOf } from './periods.ts';
import { planMandates, subscriptions } from './schema.ts';
import { dateIn } from './views.ts';

/**
 * Renewal reminders: a notification PLAN_RENEWAL_REMINDER_DAYS before a plan ends, unless a
 * renewal is already paid or the plan renews itself; and for a plan that renews itself, a notice
 * `PLAN_RULES.autoRenewNoticeHours` before each charge of what will be taken, and when. Rows are
 * claimed with SKIP LOCKED so several processes never double up.
 */
export function createRenewalReminders(deps: Pick<PlansDeps, 'db' | 'clock' | 'notifications' | 'log'>) {
  const { db, clock, log } = deps;

  async function preDebitNotices(): Promise<number> {
    const now = clock.now();
    const soon = new Date(now.getTime() + PLAN_RULES.autoRenewNoticeHours * 3_600_000);
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(planMandates)
        .where(
          and(
            eq(planMandates.status, 'on'),
            gt(planMandates.nextChargeAt, now),
            lte(planMandates.nextChargeAt, soon),
            or(isNull(planMandates.noticeSentFor), ne(planMandates.noticeSentFor, planMandates.nextChargeAt)),
          ),
        )
        .limit(100)
        .for('update', { skipLocked: true });
      for (const mandate of due) {
        const plan = (await planOf(tx, mandate.planId))!;
        const on = mandate.nextChargeAt!;
        const amount = formatRupees(mandate.amountPaise);
        await deps.notifications.add(tx, {
          userId: mandate.userId,
          kind: 'planRenewal',
          title: { en: `${plan.name.en} renews soon`, ta: `${plan.name.ta} விரைவில் புதுப்பிக்கப்படும்` },
          body: {
            en: `Your ${plan.name.en} plan renews automatically: ${amount} will be charged on ${dateIn('en-IN', on)}. You can turn renewal off on the plan screen.`,
            ta: `உங்கள் ${plan.name.ta} திட்டம் தானாகப் புதுப்பிக்கப்படும்: ${dateIn('ta-IN', on)} அன்று ${amount} வசூலிக்கப்படும். திட்டத் திரையில் புதுப்பிப்பை நிறுத்தலாம்.`,
          },
          data: { planId: mandate.planId, chargeAt: on.toISOString(), amountPaise: mandate.amountPaise },
        });
        await tx.update(planMandates).set({ noticeSentFor: on }).where(eq(planMandates.id, mandate.id));
      }
      if (due.length) log.info({ sent: due.length }, 'plan renewal pre-debit notices added');
      return due.length;
    });
  }

  return async function runDue(): Promise<number> {
    return (await endReminders()) + (await preDebitNotices());
  };

  async function endReminders(): Promise<number> {
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
        // Renewing by itself: the holder hears before each charge instead (preDebitNotices below).
        const mandate = await chargingMandate(tx, sub.userId, sub.kind, now);
        const renewsItself =
          (mandate?.status === 'on' || mandate?.status === 'retrying') && mandate.planId === sub.planId;
        if (!renewal && plan && !renewsItself) {
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
  }
}
