import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Clock } from '../../clock.ts';
import { PaymentProviderError } from '../payment-provider.ts';
import { signaturesMatch, subscriptionSignature } from '../signatures.ts';
import type { ProviderSubscription, SubscriptionProvider } from '../subscription-provider.ts';
import { queueEvent } from './event-queue.ts';
import { paymentEntity, providerId, type TestpayMethod } from './provider.ts';
import { testpayOrders, testpayPayments } from './schema.ts';
import { testpayPlans, testpaySubscriptions } from './subscription-schema.ts';

type SubscriptionRow = typeof testpaySubscriptions.$inferSelect;
type PlanRow = typeof testpayPlans.$inferSelect;

const DAY_MS = 86_400_000;
/**
 * A failed charge is tried again the next day, then again, up to this many tries in all; after the
 * last the subscription is halted (Razorpay: "we automatically retry the payment on the following
 * day … if the payment fails after all retries, the Subscription will move to the halted state").
 */
export const TESTPAY_CHARGE_TRIES = 4;
/** States in which the schedule runs. */
const CHARGING = ['authenticated', 'active', 'pending'] as const;
const ACCOUNT = 'acc_testpay';

const FAILED_CHARGE = {
  code: 'BAD_REQUEST_ERROR',
  description: 'The payer chose to fail renewal charges of this test mandate.',
};

export type AuthorizeResult =
  | { kind: 'not_found' }
  | { kind: 'not_open'; subscription: SubscriptionRow }
  | { kind: 'authenticated'; subscription: SubscriptionRow; paymentId: string; signature: string }
  | { kind: 'failed'; subscription: SubscriptionRow };

export interface TestpaySubscriptions extends SubscriptionProvider {
  readonly name: 'testpay';
  find(subscriptionId: string): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | undefined>;
  /**
   * The payer's answer on the authorisation page: the mandate is authorised (its first charge
   * waits for `start_at`) or refused; `renewals` is whether its charges will go through.
   */
  authorize(
    subscriptionId: string,
    choice: { outcome: 'success' | 'failure'; method: TestpayMethod; renewals: 'success' | 'failure' },
  ): Promise<AuthorizeResult>;
  /** Razorpay's scheduler: makes every charge due by now. Answers how many it tried. */
  chargeDue(): Promise<number>;
  /** The demo's fast-forward: the next charge of this subscription falls due now. */
  chargeNow(subscriptionId: string): Promise<boolean>;
}

/**
 * testpay's Subscriptions: plans, subscriptions and their charges kept in Petti's database with
 * Razorpay's life cycle (created → authenticated → active, pending after a failed charge, halted
 * after the last try, cancelled, completed) and its `subscription.*` webhooks, so automatic renewal
 * runs in the demo and the tests exactly as it would against Razorpay.
 */
export function createTestpaySubscriptions(deps: {
  db: Db;
  clock: Clock;
  keySecret: string;
}): TestpaySubscriptions {
  const { db, clock, keySecret } = deps;

  const refused = (description: string) =>
    new PaymentProviderError('testpay', 400, 'BAD_REQUEST_ERROR', description);

  const entity = (row: SubscriptionRow, plan: PlanRow) => {
    const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
    const currentStart =
      row.paidCount > 0
        ? new Date(row.startAt.getTime() + (row.paidCount - 1) * plan.periodDays * DAY_MS)
        : null;
    return {
      id: row.id,
      entity: 'subscription',
      plan_id: row.planId,
      status: row.status,
      current_start: seconds(currentStart),
      current_end: seconds(currentStart && new Date(currentStart.getTime() + plan.periodDays * DAY_MS)),
      ended_at: seconds(row.endedAt),
      quantity: 1,
      notes: row.notes,
      charge_at: seconds(row.chargeAt),
      start_at: seconds(row.startAt),
      end_at: seconds(new Date(row.startAt.getTime() + (row.totalCount - 1) * plan.periodDays * DAY_MS)),
      auth_attempts: row.authAttempts,
      total_count: row.totalCount,
      paid_count: row.paidCount,
      remaining_count: row.totalCount - row.paidCount,
      customer_notify: true,
      payment_method: row.method,
      expire_by: seconds(row.expireBy),
      created_at: seconds(row.createdAt),
    };
  };

  const toProvider = (row: SubscriptionRow): ProviderSubscription => ({
    id: row.id,
    planId: row.planId,
    status: row.status,
    chargeAt: row.chargeAt,
    paidCount: row.paidCount,
    authAttempts: row.authAttempts,
    notes: row.notes,
  });

  async function load(q: DbOrTx, id: string, lock = false) {
    const query = q
      .select({ subscription: testpaySubscriptions, plan: testpayPlans })
      .from(testpaySubscriptions)
      .innerJoin(testpayPlans, eq(testpayPlans.id, testpaySubscriptions.planId))
      .where(eq(testpaySubscriptions.id, id));
    const [row] = lock ? await query.for('update', { of: testpaySubscriptions }) : await query;
    return row;
  }

  /** An unauthorised subscription past its `expire_by` is expired (Razorpay expires it then). */
  async function expireIfDue(q: DbOrTx, row: SubscriptionRow): Promise<SubscriptionRow> {
    if (row.status !== 'created' || row.expireBy > clock.now()) return row;
    const [expired] = await q
      .update(testpaySubscriptions)
      .set({ status: 'expired', chargeAt: null, endedAt: clock.now() })
      .where(eq(testpaySubscriptions.id, row.id))
      .returning();
    return expired!;
  }

  /** One charge of a due subscription, under its row lock: a payment, the new state, the webhooks. */
  async function charge(q: DbOrTx, row: SubscriptionRow, plan: PlanRow) {
    const now = clock.now();
    const success = row.chargeOutcome === 'success';
    const orderId = providerId('order');
    await q.insert(testpayOrders).values({
      id: orderId,
      amountPaise: plan.amountPaise,
      receipt: row.id,
      notes: row.notes,
      status: success ? 'paid' : 'attempted',
      createdAt: now,
    });
    const [payment] = await q
      .insert(testpayPayments)
      .values({
        id: providerId('pay'),
        orderId,
        amountPaise: plan.amountPaise,
        status: success ? 'captured' : 'failed',
        method: row.method ?? 'card',
        errorCode: success ? null : FAILED_CHARGE.code,
        errorDescription: success ? null : FAILED_CHARGE.description,
        createdAt: now,
        // Razorpay sends payment.captured / payment.failed for charges too; Petti knows no such order.
        webhookNextAt: now,
      })
      .returning();
    let next: Partial<SubscriptionRow>;
    const events: string[] = [];
    if (success) {
      const paidCount = row.paidCount + 1;
      const done = paidCount >= row.totalCount;
      next = {
        status: done ? 'completed' : 'active',
        paidCount,
        authAttempts: 0,
        chargeAt: done ? null : new Date(row.startAt.getTime() + paidCount * plan.periodDays * DAY_MS),
        endedAt: done ? now : null,
      };
      if (row.status === 'authenticated') events.push('subscription.activated');
      events.push('subscription.charged');
      if (done) events.push('subscription.completed');
    } else {
      const authAttempts = row.authAttempts + 1;
      const halted = authAttempts >= TESTPAY_CHARGE_TRIES;
      next = {
        status: halted ? 'halted' : 'pending',
        authAttempts,
        chargeAt: halted ? null : new Date(now.getTime() + DAY_MS),
      };
      events.push(halted ? 'subscription.halted' : 'subscription.pending');
    }
    const [updated] = await q
      .update(testpaySubscriptions)
      .set(next)
      .where(eq(testpaySubscriptions.id, row.id))
      .returning();
    for (const event of events) {
      await queueEvent(q, now, {
        event,
        account: ACCOUNT,
        entities: {
          subscription: entity(updated!, plan),
          // A charge's events carry its payment; the failed ones too, with the reason.
          ...(event !== 'subscription.activated' &&
            event !== 'subscription.completed' && { payment: paymentEntity(payment!) }),
        },
      });
    }
  }

  return {
    name: 'testpay',

    async planIdFor(plan) {
      const reference = `${plan.id}:${plan.pricePaise}:${plan.periodDays}`;
      await db
        .insert(testpayPlans)
        .values({
          id: providerId('plan'),
          reference,
          name: plan.name,
          amountPaise: plan.pricePaise,
          periodDays: plan.periodDays,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: testpayPlans.reference });
      const [row] = await db
        .select({ id: testpayPlans.id })
        .from(testpayPlans)
        .where(eq(testpayPlans.reference, reference));
      return row!.id;
    },

    async createSubscription(input) {
      const now = clock.now();
      const [plan] = await db.select().from(testpayPlans).where(eq(testpayPlans.id, input.providerPlanId));
      if (!plan) throw refused('The id provided does not exist');
      if (input.startAt < now) throw refused('start_at cannot be lesser than the current time');
      if (!Number.isInteger(input.totalCount) || input.totalCount < 1)
        throw refused('total_count must be at least 1');
      const [row] = await db
        .insert(testpaySubscriptions)
        .values({
          id: providerId('sub'),
          planId: plan.id,
          startAt: input.startAt,
          chargeAt: input.startAt,
          totalCount: input.totalCount,
          expireBy: input.expireBy,
          notes: input.notes,
          createdAt: now,
        })
        .returning();
      return toProvider(row!);
    },

    async fetchSubscription(subscriptionId) {
      const found = await load(db, subscriptionId);
      if (!found) throw refused('The id provided does not exist');
      return toProvider(await expireIfDue(db, found.subscription));
    },

    async cancelSubscription(subscriptionId) {
      return db.transaction(async (tx) => {
        const found = await load(tx, subscriptionId, true);
        if (!found) throw refused('The id provided does not exist');
        const row = await expireIfDue(tx, found.subscription);
        if (['cancelled', 'completed', 'expired'].includes(row.status)) return toProvider(row);
        const now = clock.now();
        const [cancelled] = await tx
          .update(testpaySubscriptions)
          .set({ status: 'cancelled', chargeAt: null, endedAt: now })
          .where(eq(testpaySubscriptions.id, row.id))
          .returning();
        await queueEvent(tx, now, {
          event: 'subscription.cancelled',
          account: ACCOUNT,
          entities: { subscription: entity(cancelled!, found.plan) },
        });
        return toProvider(cancelled!);
      });
    },

    verifySubscriptionSignature(subscriptionId, paymentId, signature) {
      return signaturesMatch(subscriptionSignature(keySecret, subscriptionId, paymentId), signature);
    },

    async find(subscriptionId) {
      const found = await load(db, subscriptionId);
      return found && { ...found, subscription: await expireIfDue(db, found.subscription) };
    },

    async authorize(subscriptionId, choice) {
      return db.transaction(async (tx): Promise<AuthorizeResult> => {
        const found = await load(tx, subscriptionId, true);
        if (!found) return { kind: 'not_found' };
        const row = await expireIfDue(tx, found.subscription);
        if (row.status !== 'created') return { kind: 'not_open', subscription: row };
        if (choice.outcome === 'failure') return { kind: 'failed', subscription: row };
        const now = clock.now();
        const [authenticated] = await tx
          .update(testpaySubscriptions)
          .set({ status: 'authenticated', method: choice.method, chargeOutcome: choice.renewals })
          .where(eq(testpaySubscriptions.id, row.id))
          .returning();
        await queueEvent(tx, now, {
          event: 'subscription.authenticated',
          account: ACCOUNT,
          entities: { subscription: entity(authenticated!, found.plan) },
        });
        // The authentication transaction (Razorpay takes a token amount and refunds it): only its id matters.
        const paymentId = providerId('pay');
        return {
          kind: 'authenticated',
          subscription: authenticated!,
          paymentId,
          signature: subscriptionSignature(keySecret, row.id, paymentId),
        };
      });
    },

    async chargeDue() {
      let tried = 0;
      for (;;) {
        const n = await db.transaction(async (tx) => {
          const due = await tx
            .select({ subscription: testpaySubscriptions, plan: testpayPlans })
            .from(testpaySubscriptions)
            .innerJoin(testpayPlans, eq(testpayPlans.id, testpaySubscriptions.planId))
            .where(
              and(
                inArray(testpaySubscriptions.status, [...CHARGING]),
                lte(testpaySubscriptions.chargeAt, clock.now()),
              ),
            )
            .orderBy(asc(testpaySubscriptions.chargeAt))
            .limit(20)
            .for('update', { of: testpaySubscriptions, skipLocked: true });
          for (const { subscription, plan } of due) await charge(tx, subscription, plan);
          return due.length;
        });
        tried += n;
        if (n < 20) return tried;
      }
    },

    async chargeNow(subscriptionId) {
      const rows = await db
        .update(testpaySubscriptions)
        .set({ chargeAt: clock.now() })
        .where(
          and(
            eq(testpaySubscriptions.id, subscriptionId),
            inArray(testpaySubscriptions.status, [...CHARGING]),
          ),
        )
        .returning({ id: testpaySubscriptions.id });
      return rows.length > 0;
    },
  };
}
