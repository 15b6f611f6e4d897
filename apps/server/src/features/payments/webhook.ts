import { createHash } from 'node:crypto';
import type { PaymentProviderName } from '@petti/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { PaymentsCore } from './core.ts';
import type { CaptureOutcome, CaptureRequest, WebhookAudit } from './flows/capture.ts';
import type { Refunds } from './refunds.ts';
import { paymentEvents, paymentRefunds, payments } from './schema.ts';
import { paymentStore } from './store.ts';
import { isSettled } from './views.ts';
import { type WebhookBody, webhookBodySchema } from './webhook-body.ts';

type WebhookOutcome = { status: 'applied' | 'duplicate' | 'ignored'; detail?: string; paymentId?: string };

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * A provider's webhook: the raw body's signature is checked first; an event id or body seen before
 * is a replay and changes nothing. Captures run `payments.capture` (the same capture step as the
 * client's confirmation); failures and refunds are one transaction each. No provider is called
 * inside a transaction: an `authorized` payment is captured after commit.
 */
export function createWebhooks(
  core: PaymentsCore,
  refunds: Refunds,
  capture: { run(request: CaptureRequest): Promise<CaptureOutcome> },
) {
  const { clock, log, transactor } = core;

  async function applyOther(
    fx: Effects,
    provider: PaymentProvider,
    body: WebhookBody,
    raw: unknown,
    afterCommit: Array<() => Promise<unknown>>,
  ): Promise<WebhookOutcome> {
    const tx = fx.tx;
    const entity = body.payload.payment?.entity;
    const ignored = (detail: string, paymentId?: string): WebhookOutcome => ({
      status: 'ignored',
      detail,
      paymentId,
    });
    switch (body.event) {
      case 'payment.authorized': {
        if (!entity) return ignored('no payment entity');
        const row = await paymentStore.lockByOrder(tx, provider.name, entity.order_id);
        if (!row) return ignored('not a Petti order');
        if (row.status !== 'created' && row.status !== 'failed')
          return ignored(`already ${row.status}`, row.id);
        await tx
          .update(payments)
          .set({ status: 'authorized', method: entity.method ?? row.method, updatedAt: clock.now() })
          .where(eq(payments.id, row.id));
        // Accounts without auto-capture: capture now; the payment.captured webhook then grants.
        afterCommit.push(() => provider.capture(entity.id, row.amountPaise));
        return { status: 'applied', paymentId: row.id };
      }
      case 'payment.failed': {
        if (!entity) return ignored('no payment entity');
        const row = await paymentStore.lockByOrder(tx, provider.name, entity.order_id);
        if (!row) return ignored('not a Petti order');
        if (isSettled(row)) return ignored(`already ${row.status}`, row.id);
        const now = clock.now();
        const [updated] = await tx
          .update(payments)
          .set({
            status: 'failed',
            method: entity.method ?? row.method,
            failureReason: entity.error_description ?? entity.error_code ?? 'payment failed',
            failedAt: now,
            updatedAt: now,
          })
          .where(eq(payments.id, row.id))
          .returning();
        await core.handlers.failed.get(row.purpose)?.(fx, updated!);
        await core.publish(fx, row, null, 'paymentFailed', { status: 'failed' });
        return { status: 'applied', paymentId: row.id };
      }
      case 'refund.created':
      case 'refund.processed': {
        const refund = body.payload.refund?.entity;
        if (!entity || !refund) return ignored('no payment or refund entity');
        const row = await paymentStore.lockByOrder(tx, provider.name, entity.order_id);
        if (!row) return ignored('not a Petti order');
        const total = entity.amount_refunded ?? 0;
        if (!isSettled(row) || total <= row.refundedPaise) return ignored('refund already recorded', row.id);
        const amount = Math.min(total, row.amountPaise) - row.refundedPaise;
        const [known] = await tx
          .select({ id: paymentRefunds.id })
          .from(paymentRefunds)
          .where(eq(paymentRefunds.providerRefundId, refund.id));
        if (known) return ignored('refund already recorded', row.id);
        await refunds.recordReported(fx, row, { providerRefundId: refund.id, amountPaise: amount });
        return { status: 'applied', paymentId: row.id };
      }
      default: {
        const other = core.handlers.webhookEvents.get(body.event);
        if (!other) return ignored(`event ${body.event} is not used`);
        return other(fx, raw, (task) => afterCommit.push(task));
      }
    }
  }

  return async function handleWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    ip: string | null,
  ): Promise<{ status: WebhookOutcome['status'] }> {
    // Only a provider Petti has: never a name inherited from Object (`__proto__`, `constructor`).
    const provider = Object.hasOwn(core.providers, providerName)
      ? core.providers[providerName as PaymentProviderName]
      : undefined;
    if (!provider) throw new AppError('ResourceNotFound', `No payment provider named ${providerName}.`);
    const signature = header(headers['x-razorpay-signature']) ?? '';
    if (!provider.acceptsWebhooks || !signature || !provider.verifyWebhookSignature(rawBody, signature)) {
      await paymentStore.logEvent(core.db, clock, {
        provider: provider.name,
        source: 'webhook',
        kind: 'unverified',
        outcome: 'refused',
        detail: provider.acceptsWebhooks ? 'signature does not match' : 'no webhook secret configured',
        ip,
      });
      log.warn({ provider: provider.name, ip }, 'webhook refused: bad signature');
      throw new AppError('WebhookSignatureInvalid');
    }
    let body: WebhookBody;
    let raw: unknown;
    try {
      raw = JSON.parse(rawBody.toString('utf8'));
      body = webhookBodySchema.parse(raw);
    } catch {
      throw new AppError('Validation', 'The webhook body is not a payment event.');
    }
    const eventId = header(headers['x-razorpay-event-id'])?.slice(0, 100);
    const audit: WebhookAudit = {
      provider: provider.name,
      source: 'webhook',
      kind: body.event,
      providerEventId: eventId ? `${provider.name}:${eventId}` : null,
      bodyHash: `${provider.name}:${sha256Hex(rawBody)}`,
      providerPaymentId: body.payload.payment?.entity.id ?? null,
      ip,
    };
    const entity = body.payload.payment?.entity;
    let status: WebhookOutcome['status'];
    const afterCommit: Array<() => Promise<unknown>> = [];
    if ((body.event === 'payment.captured' || body.event === 'order.paid') && entity) {
      status = (await capture.run({ source: 'webhook', provider: provider.name, entity, audit })).status;
    } else {
      status = await transactor.run(async (tx, fx) => {
        // Claim the event first: a replay (same event id or same body) conflicts and stops here.
        const id = newId();
        const [claimed] = await tx
          .insert(paymentEvents)
          .values({ id, createdAt: clock.now(), outcome: 'applied', ...audit })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (!claimed) return 'duplicate' as const;
        const result =
          body.event === 'payment.captured' || body.event === 'order.paid'
            ? ({ status: 'ignored', detail: 'no payment entity' } satisfies WebhookOutcome)
            : await applyOther(fx, provider, body, raw, afterCommit);
        await tx
          .update(paymentEvents)
          .set({ outcome: result.status, paymentId: result.paymentId ?? null, detail: result.detail ?? null })
          .where(eq(paymentEvents.id, id));
        return result.status;
      });
    }
    if (status === 'duplicate') log.info({ provider: provider.name, eventId }, 'webhook replay ignored');
    for (const task of afterCommit) {
      await task().catch((err: unknown) => log.warn({ err }, 'after-webhook step failed'));
    }
    return { status };
  };
}
