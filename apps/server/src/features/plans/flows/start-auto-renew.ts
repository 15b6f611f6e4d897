import { PLAN_RULES, type StartAutoRenew } from '@petti/shared';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { callStep, dbStep } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import { PaymentProviderError } from '../../../platform/payments/payment-provider.ts';
import type { PlansDeps } from '../deps.ts';
import { chargingMandate } from '../mandates.ts';
import { DAY_MS, livePeriods, lockKind, ownSubscription, planOf, subscriptionView } from '../periods.ts';
import { planMandates } from '../schema.ts';
import { statusOf } from '../views.ts';

export interface StartAutoRenewInput {
  userId: string;
  subscriptionId: string;
}

/** What the check found: the plan and when the first charge falls. Plain data (stored with the run). */
interface Checked {
  planId: string;
  kind: 'locker' | 'delivery';
  name: string;
  pricePaise: number;
  periodDays: number;
  firstChargeAt: string;
  description: { en: string; ta: string };
}

/** The provider wants a start in the future; a plan ending within the charge lead is charged at once. */
const START_MARGIN_MS = 2 * 60_000;

/**
 * `plans.start-auto-renew` (docs/payments.md#automatic-renewal): checked under the holder's lock of
 * the plan's kind, the provider's subscription created with no transaction open (its first charge
 * `PLAN_RULES.autoRenewDaysBefore` days before the last paid period ends), then recorded after
 * checking again. An authorisation under way is offered again rather than a second one made; a
 * subscription made at the provider by a run that then failed is never authorised and expires there.
 */
export function defineStartAutoRenewFlow(deps: PlansDeps) {
  const { clock, recurring } = deps;

  async function check(
    tx: Tx,
    { userId, subscriptionId }: StartAutoRenewInput,
  ): Promise<StartAutoRenew | Checked> {
    const sub = await ownSubscription(tx, userId, subscriptionId);
    await lockKind(tx, userId, sub.kind);
    const now = clock.now();
    const status = statusOf(sub, now);
    if (status !== 'active' && status !== 'paused') throw new AppError('AutoRenewNotRunning');
    const mandate = await chargingMandate(tx, userId, sub.kind, now);
    if (mandate && mandate.status !== 'authorizing') throw new AppError('AutoRenewAlreadyOn');
    if (mandate && mandate.planId === sub.planId) {
      return {
        subscription: (await subscriptionView(tx, sub.id, now))!,
        checkout: {
          provider: mandate.provider,
          keyId: deps.payments.keyIdOf(mandate.provider),
          providerSubscriptionId: mandate.providerSubscriptionId,
        },
      };
    }
    const plan = (await planOf(tx, sub.planId))!;
    const lastEnd = (await livePeriods(tx, userId, sub.kind, now)).at(-1)?.endsAt ?? sub.endsAt!;
    const firstChargeAt = Math.max(
      lastEnd.getTime() - PLAN_RULES.autoRenewDaysBefore * DAY_MS,
      now.getTime() + START_MARGIN_MS,
    );
    return {
      planId: plan.id,
      kind: sub.kind,
      name: plan.name.en,
      pricePaise: plan.pricePaise,
      periodDays: plan.periodDays,
      firstChargeAt: new Date(firstChargeAt).toISOString(),
      description: {
        en: `${plan.name.en}: renews every ${plan.periodDays} days`,
        ta: `${plan.name.ta}: ஒவ்வொரு ${plan.periodDays} நாட்களுக்கும் புதுப்பிக்கப்படும்`,
      },
    };
  }

  const checkStart = dbStep({
    name: 'plans.check-auto-renew',
    run: (fx, input: StartAutoRenewInput) => check(fx.tx, input),
  });

  const createAtProvider = callStep({
    name: 'plans.create-provider-subscription',
    async run(input: Checked & { mandateId: string }) {
      try {
        const providerPlanId = await recurring.planIdFor({
          id: input.planId,
          name: input.name,
          pricePaise: input.pricePaise,
          periodDays: input.periodDays,
        });
        if (!providerPlanId) throw new AppError('AutoRenewUnavailable');
        const now = clock.now();
        const made = await recurring.createSubscription({
          providerPlanId,
          startAt: new Date(input.firstChargeAt),
          totalCount: PLAN_RULES.autoRenewCycles,
          expireBy: new Date(now.getTime() + PLAN_RULES.autoRenewAuthorizeMinutes * 60_000),
          notes: {
            petti_mandate_id: input.mandateId,
            plan_id: input.planId,
            description: input.description.en,
            description_ta: input.description.ta,
          },
        });
        return { providerSubscriptionId: made.id };
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        deps.log.error({ err }, 'could not create a provider subscription');
        throw new AppError('PaymentsUnavailable');
      }
    },
  });

  const record = dbStep({
    name: 'plans.record-auto-renew',
    async run(
      fx,
      input: StartAutoRenewInput & Checked & { mandateId: string; providerSubscriptionId: string },
    ) {
      // Checked again: another authorisation may have begun while the provider answered.
      const again = await check(fx.tx, input);
      if ('checkout' in again) return again;
      const now = clock.now();
      await fx.tx.insert(planMandates).values({
        id: input.mandateId,
        userId: input.userId,
        planId: input.planId,
        kind: input.kind,
        status: 'authorizing',
        provider: recurring.name,
        providerSubscriptionId: input.providerSubscriptionId,
        amountPaise: input.pricePaise,
        nextChargeAt: new Date(input.firstChargeAt),
        createdAt: now,
        updatedAt: now,
      });
      return {
        subscription: (await subscriptionView(fx.tx, input.subscriptionId, now))!,
        checkout: {
          provider: recurring.name,
          keyId: deps.payments.keyIdOf(recurring.name),
          providerSubscriptionId: input.providerSubscriptionId,
        },
      } satisfies StartAutoRenew;
    },
  });

  return deps.flows.define<StartAutoRenewInput, StartAutoRenew>({
    name: 'plans.start-auto-renew',
    steps: [checkStart, createAtProvider, record],
    async run(flow, input) {
      const checked = await flow.db(checkStart, input);
      if ('checkout' in checked) return checked;
      const mandateId = newId();
      const { providerSubscriptionId } = await flow.call(createAtProvider, { ...checked, mandateId });
      return flow.db(record, { ...input, ...checked, mandateId, providerSubscriptionId }, { ends: true });
    },
  });
}
