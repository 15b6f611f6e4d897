import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../../test/auth-helpers.ts';
import { clearHooks } from '../../../test/flow-helpers.ts';
import { buildTestApp, onPostgres, type TestApp } from '../../../test/helper.ts';
import {
  buyPlan,
  confirm,
  listenTo,
  payAtTestpay,
  postWebhook,
  webhookOf,
} from '../../../test/payment-helpers.ts';
import { notifications } from '../../notifications/schema.ts';
import { paymentEvents, payments } from '../schema.ts';

/**
 * The capture step leaves a payment already settled alone, under its row lock: without that check
 * a confirmation and a webhook arriving together would grant twice (docs/payments.md#capture).
 */
let t: TestApp;
/** Grants of `extension` payments in this app: one entry per grant. */
const granted: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.app.services.payments.onCaptured('extension', async (_fx, payment) => {
    granted.push(payment.id);
  });
});
afterEach(() => clearHooks(t));
afterAll(() => t.close());

/** A payment opened the way flows open one: draft, the provider's order, record. */
async function openPayment(userId: string) {
  const { payments: service } = t.app.services;
  const draft = service.draft({
    userId,
    purpose: 'extension',
    subjectId: `ext-${Math.random().toString(36).slice(2)}`,
    amountPaise: 3000,
    taxPaise: 458,
    taxPercent: 18,
    description: { en: 'One more hour', ta: 'இன்னும் ஒரு மணி நேரம்' },
  });
  const opened = await service.openProviderOrder.run(draft);
  return t.ctx.database.db.transaction((tx) =>
    service.record(tx, draft, opened as { providerOrderId: string }),
  );
}

async function capturedEvents(paymentId: string) {
  return t.ctx.database.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.outcome, 'applied')));
}

describe('a payment already settled is left alone', () => {
  it('when the webhook captures it between the confirmation’s inspection and its capture', async () => {
    const user = await signUpUser(t.app);
    const payment = await openPayment(user.userId);
    const { row, ...paid } = await payAtTestpay(t, payment);
    const hook = await webhookOf(t, row.id);
    const heard = await listenTo(t, user.userId);
    let slipped = false;
    t.app.services.flows.setHooks({
      async beforeStep(flow, step) {
        if (flow !== 'payments.capture' || step !== 'payments.capture-and-grant' || slipped) return;
        slipped = true;
        // The confirmation has verified and inspected; the provider's webhook lands first.
        const res = await postWebhook(t, hook.body, hook.signature, hook.eventId);
        expect(res.json()).toEqual({ status: 'applied' });
      },
    });
    const res = await confirm(t, user.tokens.accessToken, payment.id, paid);
    expect(res.statusCode, res.body).toBe(200);
    expect(slipped).toBe(true);
    expect(granted.filter((id) => id === payment.id)).toHaveLength(1);
    const [stored] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(stored).toMatchObject({ status: 'captured', providerPaymentId: row.id });
    // Only the webhook applied it; the confirmation found it settled.
    expect((await capturedEvents(payment.id)).map((e) => e.source)).toEqual(['webhook']);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.names().filter((n) => n === 'paymentCaptured')).toHaveLength(1);
    await heard.stop();
  });

  it('when a plan is bought: activated once, one notification', async () => {
    const user = await signUpUser(t.app);
    const token = user.tokens.accessToken;
    const bought = await buyPlan(t, token, 'locker-plus');
    const { row, ...paid } = await payAtTestpay(t, bought.payment);
    const hook = await webhookOf(t, row.id);
    let slipped = false;
    t.app.services.flows.setHooks({
      async beforeStep(flow, step) {
        if (flow !== 'payments.capture' || step !== 'payments.capture-and-grant' || slipped) return;
        slipped = true;
        await postWebhook(t, hook.body, hook.signature, hook.eventId);
      },
    });
    expect((await confirm(t, token, bought.payment.id, paid)).statusCode).toBe(200);
    const activated = await t.ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'subscriptionActivated')));
    expect(activated).toHaveLength(1);
    expect((await capturedEvents(bought.payment.id)).map((e) => e.source)).toEqual(['webhook']);
  });

  it.runIf(onPostgres)(
    'in a real race: 20 confirmations and webhooks at once grant exactly once',
    async () => {
      const user = await signUpUser(t.app);
      const payment = await openPayment(user.userId);
      const { row, ...paid } = await payAtTestpay(t, payment);
      const hook = await webhookOf(t, row.id);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? confirm(t, user.tokens.accessToken, payment.id, paid)
            : postWebhook(t, hook.body, hook.signature, `${hook.eventId}-${i}`),
        ),
      );
      expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);
      expect(granted.filter((id) => id === payment.id)).toHaveLength(1);
      expect(await capturedEvents(payment.id)).toHaveLength(1);
    },
  );
});
