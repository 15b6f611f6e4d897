import { EVENTS, formatRupees, gstIncluded, SERVICE_GST_PERCENT } from '@petti/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import type { PlansDeps } from './deps.ts';
import { planDescription } from './flows/buy-plan.ts';
import { CHARGING_MANDATE, type MandateRow } from './mandates.ts';
import { livePeriods, lockKind, planOf } from './periods.ts';
import { planMandates, subscriptions } from './schema.ts';
import { dateIn } from './views.ts';

/** The parts of Razorpay's `subscription.*` webhooks Petti reads (testpay sends the same). */
const subscriptionEvent = z.object({
  payload: z.object({
    subscription: z.object({
      entity: z.object({
        id: z.string().min(1),
        charge_at: z.number().int().nullish(),
        auth_attempts: z.number().int().nullish(),
      }),
    }),
    payment: z
      .object({
        entity: z.object({
          id: z.string().min(1),
          order_id: z.string().min(1).nullish(),
          amount: z.number().int().positive(),
          method: z.string().nullish(),
        }),
      })
      .optional(),
  }),
});
type SubscriptionEvent = z.infer<typeof subscriptionEvent>;

const secondsToDate = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);

/**
 * What the provider tells of a plan's mandate (docs/payments.md#automatic-renewal), each applied in
 * the webhook's claiming transaction (a replay changes nothing): authorised; charged (the charge is
 * recorded as a captured plan payment that buys the next period, or refunded when renewal was turned
 * off or another plan of the kind runs); a charge failed and will be tried again (the holder is told
 * when, and when the plan ends); halted after the last try (told too); cancelled; completed.
 */
export function registerMandateWebhooks(deps: PlansDeps): void {
  const { payments, clock, notifications } = deps;

  /** Reads the event and locks its mandate; null when the body or the mandate is not Petti's. */
  async function mandateOf(fx: Effects, body: unknown) {
    const parsed = subscriptionEvent.safeParse(body);
    if (!parsed.success) return null;
    const [mandate] = await fx.tx
      .select()
      .from(planMandates)
      .where(eq(planMandates.providerSubscriptionId, parsed.data.payload.subscription.entity.id))
      .for('update');
    return mandate ? { mandate, event: parsed.data } : null;
  }

  const on = (
    event: string,
    apply: (
      fx: Effects,
      found: { mandate: MandateRow; event: SubscriptionEvent },
      afterCommit: (task: () => Promise<unknown>) => void,
    ) => Promise<{ status: 'applied' | 'ignored'; detail?: string }>,
  ) =>
    payments.onWebhookEvent(event, async (fx, body, afterCommit) => {
      const found = await mandateOf(fx, body);
      if (!found) return { status: 'ignored', detail: 'not a Petti mandate' };
      return apply(fx, found, afterCommit);
    });

  const update = (fx: Effects, mandate: MandateRow, set: Partial<MandateRow>) =>
    fx.tx
      .update(planMandates)
      .set({ ...set, updatedAt: clock.now() })
      .where(eq(planMandates.id, mandate.id));

  /** The end of the holder's last paid period of the mandate's kind: when the plan lapses without a charge. */
  async function lapsesAt(fx: Effects, mandate: MandateRow) {
    return (await livePeriods(fx.tx, mandate.userId, mandate.kind, clock.now())).at(-1)?.endsAt ?? null;
  }

  /** Every device of the holder hears of it at once (the plan screen reads again; a toast says so). */
  const told = (fx: Effects, mandate: MandateRow, retryAt: Date | null, ends: Date | null) =>
    deps.userEvents.emit(fx, {
      userId: mandate.userId,
      event: EVENTS.subscriptionRenewalFailed,
      data: {
        id: mandate.id,
        planId: mandate.planId,
        retryAt: retryAt?.toISOString() ?? null,
        endsAt: ends?.toISOString() ?? null,
      },
      text: retryAt
        ? {
            en: 'Your plan’s renewal payment did not go through. We will try again.',
            ta: 'உங்கள் திட்டப் புதுப்பிப்புக் கட்டணம் செல்லவில்லை. மீண்டும் முயல்வோம்.',
          }
        : {
            en: 'Automatic renewal of your plan stopped: the payment kept failing.',
            ta: 'உங்கள் திட்டத்தின் தானியங்கு புதுப்பிப்பு நின்றது: கட்டணம் தொடர்ந்து தோல்வியுற்றது.',
          },
    });

  const authorised = async (
    fx: Effects,
    { mandate, event }: { mandate: MandateRow; event: SubscriptionEvent },
  ) => {
    if (mandate.status !== 'authorizing')
      return { status: 'ignored' as const, detail: `already ${mandate.status}` };
    await update(fx, mandate, {
      status: 'on',
      nextChargeAt: secondsToDate(event.payload.subscription.entity.charge_at) ?? mandate.nextChargeAt,
    });
    return { status: 'applied' as const };
  };
  on('subscription.authenticated', authorised);
  on('subscription.activated', authorised);

  on('subscription.charged', async (fx, { mandate, event }, afterCommit) => {
    const charge = event.payload.payment?.entity;
    if (!charge?.order_id) return { status: 'ignored', detail: 'no payment in the event' };
    if (await payments.chargeRecorded(fx.tx, charge.id))
      return { status: 'ignored', detail: 'charge already recorded' };
    // A mandate charges its own amount: anything else is held for an operator, never granted.
    if (charge.amount !== mandate.amountPaise) {
      await deps.checks.hold(fx.tx, {
        rule: 'mandate_charge_amount',
        subject: charge.id,
        expectedPaise: mandate.amountPaise,
        actualPaise: charge.amount,
        detail: `Mandate ${mandate.providerSubscriptionId} charged ${formatRupees(charge.amount)} (${charge.id}) where the plan renews for ${formatRupees(mandate.amountPaise)}; no period granted`,
      });
      return { status: 'ignored', detail: 'held: the amount is not the mandate’s' };
    }
    await lockKind(fx.tx, mandate.userId, mandate.kind);
    const plan = (await planOf(fx.tx, mandate.planId))!;
    const live = await livePeriods(fx.tx, mandate.userId, mandate.kind, clock.now());
    // Money taken after the holder turned renewal off, or while another plan of the kind runs, goes back.
    const refuse =
      mandate.status === 'off' || mandate.status === 'expired'
        ? ('AutoRenewNotOn' as const)
        : live.some((s) => s.planId !== mandate.planId)
          ? ('SubscriptionActive' as const)
          : undefined;
    const now = clock.now();
    const subscriptionId = newId();
    await fx.tx.insert(subscriptions).values({
      id: subscriptionId,
      userId: mandate.userId,
      planId: plan.id,
      kind: mandate.kind,
      status: 'pending',
      pricePaise: charge.amount,
      periodDays: plan.periodDays,
      lockerHours: plan.lockerHours,
      mandateId: mandate.id,
      createdAt: now,
      updatedAt: now,
    });
    // Captured and granted here: the plan's grant (grants.ts) starts the period after the last one paid.
    const { row } = await payments.recordCharge(
      fx,
      {
        userId: mandate.userId,
        purpose: 'plan',
        subjectId: subscriptionId,
        amountPaise: charge.amount,
        taxPaise: gstIncluded(charge.amount, SERVICE_GST_PERCENT),
        taxPercent: SERVICE_GST_PERCENT,
        description: planDescription(plan),
        provider: mandate.provider,
        providerOrderId: charge.order_id,
        providerPaymentId: charge.id,
        method: charge.method ?? null,
      },
      { refuse, afterCommit },
    );
    await fx.tx.update(subscriptions).set({ paymentId: row.id }).where(eq(subscriptions.id, subscriptionId));
    if (refuse === 'SubscriptionActive') {
      // It would charge and be refunded every period: stopped here and at the provider.
      await update(fx, mandate, { status: 'off', nextChargeAt: null });
      afterCommit(() => deps.recurring.cancelSubscription(mandate.providerSubscriptionId));
    } else if (!refuse)
      await update(fx, mandate, {
        // A `completed` told before this charge (events may come in any order) stays completed.
        status: mandate.status === 'completed' ? 'completed' : 'on',
        failedCharges: 0,
        nextChargeAt: secondsToDate(event.payload.subscription.entity.charge_at),
      });
    return refuse ? { status: 'applied', detail: `charge refunded: ${refuse}` } : { status: 'applied' };
  });

  on('subscription.pending', async (fx, { mandate, event }) => {
    // A failed charge proves the mandate was authorised, even if that word has not come yet.
    if (!(CHARGING_MANDATE as readonly string[]).includes(mandate.status))
      return { status: 'ignored', detail: `mandate ${mandate.status}` };
    const entity = event.payload.subscription.entity;
    const retryAt = secondsToDate(entity.charge_at);
    await update(fx, mandate, {
      status: 'retrying',
      failedCharges: entity.auth_attempts ?? mandate.failedCharges + 1,
      nextChargeAt: retryAt,
    });
    const plan = (await planOf(fx.tx, mandate.planId))!;
    const ends = await lapsesAt(fx, mandate);
    await told(fx, mandate, retryAt, ends);
    const amount = formatRupees(mandate.amountPaise);
    const retry = (locale: string) => (retryAt ? dateIn(locale, retryAt) : '');
    const end = (locale: string) => (ends ? dateIn(locale, ends) : '');
    await notifications.add(fx.tx, {
      userId: mandate.userId,
      kind: 'planRenewalFailed',
      title: {
        en: `${plan.name.en}: renewal payment failed`,
        ta: `${plan.name.ta}: புதுப்பிப்புக் கட்டணம் தோல்வி`,
      },
      body: {
        en: `We could not charge ${amount} for your next period. We will try again on ${retry('en-IN')}; your plan ends on ${end('en-IN')} unless a payment goes through.`,
        ta: `உங்கள் அடுத்த காலத்துக்கு ${amount} வசூலிக்க முடியவில்லை. ${retry('ta-IN')} அன்று மீண்டும் முயல்வோம்; கட்டணம் செல்லாவிட்டால் உங்கள் திட்டம் ${end('ta-IN')} அன்று முடியும்.`,
      },
      data: {
        id: mandate.id,
        planId: mandate.planId,
        retryAt: retryAt?.toISOString() ?? null,
        endsAt: ends?.toISOString() ?? null,
      },
    });
    return { status: 'applied' };
  });

  on('subscription.halted', async (fx, { mandate, event }) => {
    if (!(CHARGING_MANDATE as readonly string[]).includes(mandate.status))
      return { status: 'ignored', detail: `mandate ${mandate.status}` };
    const tries = event.payload.subscription.entity.auth_attempts ?? mandate.failedCharges + 1;
    await update(fx, mandate, { status: 'halted', failedCharges: tries, nextChargeAt: null });
    const plan = (await planOf(fx.tx, mandate.planId))!;
    const ends = await lapsesAt(fx, mandate);
    await told(fx, mandate, null, ends);
    const end = (locale: string) => (ends ? dateIn(locale, ends) : '');
    await notifications.add(fx.tx, {
      userId: mandate.userId,
      kind: 'planRenewalStopped',
      title: {
        en: `Automatic renewal of ${plan.name.en} stopped`,
        ta: `${plan.name.ta} தானியங்கு புதுப்பிப்பு நின்றது`,
      },
      body: {
        en: `The renewal payment failed ${tries} times, so it will not be tried again. Your plan ends on ${end('en-IN')}: renew it by hand to keep its benefits.`,
        ta: `புதுப்பிப்புக் கட்டணம் ${tries} முறை தோல்வியுற்றதால் மீண்டும் முயலப்படாது. உங்கள் திட்டம் ${end('ta-IN')} அன்று முடியும்: அதன் பலன்களைத் தொடர நீங்களே புதுப்பிக்கவும்.`,
      },
      data: { planId: mandate.planId, endsAt: ends?.toISOString() ?? null },
    });
    return { status: 'applied' };
  });

  const ended =
    (status: 'off' | 'completed') =>
    async (fx: Effects, { mandate }: { mandate: MandateRow }) => {
      const rows = await fx.tx
        .update(planMandates)
        .set({ status, nextChargeAt: null, updatedAt: clock.now() })
        .where(
          and(eq(planMandates.id, mandate.id), inArray(planMandates.status, [...CHARGING_MANDATE, 'halted'])),
        )
        .returning({ id: planMandates.id });
      return rows.length
        ? { status: 'applied' as const }
        : { status: 'ignored' as const, detail: `already ${mandate.status}` };
    };
  // Cancelled by the holder here, or outside Petti (a UPI mandate revoked in the payer's app).
  on('subscription.cancelled', ended('off'));
  on('subscription.completed', ended('completed'));
}
