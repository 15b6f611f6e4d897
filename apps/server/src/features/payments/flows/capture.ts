import type { ConfirmPaymentBody, PaymentProviderName } from '@petti/shared';
import { eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../http/app-error.ts';
import type { Effects } from '../../../platform/events/transactor.ts';
import { callStep, dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import { PaymentProviderError } from '../../../platform/payments/payment-provider.ts';
import {
  applyCapture,
  type BeforeRefusal,
  type CaptureFacts,
  recordRefusal,
  undoRefusal,
} from '../capture.ts';
import type { PaymentsCore } from '../core.ts';
import { GrantRefused } from '../handlers.ts';
import type { Refunds, ReservedRefund } from '../refunds.ts';
import { paymentEvents } from '../schema.ts';
import { type PaymentEventInput, paymentStore } from '../store.ts';
import type { WebhookPaymentEntity } from '../webhook-body.ts';
import type { RefundSteps } from './refund-steps.ts';
import { checkSignature, type Signed, verifyConfirmation } from './verify.ts';

/** The audit row of a webhook, claimed in the transaction that applies it (a replay conflicts). */
export type WebhookAudit = Omit<PaymentEventInput, 'outcome' | 'paymentId' | 'detail'> & {
  source: 'webhook';
};

export type CaptureRequest =
  | {
      source: 'confirm';
      paymentId: string;
      userId: string;
      sessionId: string | null;
      body: ConfirmPaymentBody;
      ip: string | null;
    }
  | { source: 'webhook'; provider: PaymentProviderName; entity: WebhookPaymentEntity; audit: WebhookAudit };

export interface CaptureOutcome {
  status: 'applied' | 'duplicate' | 'ignored';
  row: import('../views.ts').PaymentRow | null;
  detail?: string;
}

/** Which payment a capture is for: ours by id (confirm), or the provider's order (webhook). */
type Target =
  | { paymentId: string; ip: string | null }
  | { webhook: Extract<CaptureRequest, { source: 'webhook' }> };

interface CaptureStepInput {
  target: Target;
  facts: CaptureFacts;
  sessionId: string | null;
}

/**
 * `payments.capture`: the client's confirmation and the provider's capture webhook converge here
 * (docs/payments.md#capture). Verify and inspect come first for a confirmation; the capture and the
 * grant happen in one step under the payment's row lock. A grant refused (GrantRefused) records
 * the capture with its reason, refunds in full at the provider (the pivot), and records the refund.
 */
export function defineCaptureFlow(core: PaymentsCore, refunds: Refunds, refund: RefundSteps) {
  const { clock, log } = core;

  /** Claims a webhook's audit row in this transaction; null when it is a replay. */
  async function claim(fx: Effects, audit: WebhookAudit, detail: string | null): Promise<string | null> {
    const id = newId();
    const [claimed] = await fx.tx
      .insert(paymentEvents)
      .values({ id, createdAt: clock.now(), outcome: 'applied', detail, ...audit })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    return claimed ? id : null;
  }

  const verify = dbStep({
    name: 'payments.verify-confirmation',
    run: (fx, request: Extract<CaptureRequest, { source: 'confirm' }> & { signed: Signed }) =>
      verifyConfirmation(core, fx, request),
  });

  const inspect = callStep({
    name: 'payments.inspect-at-provider',
    /**
     * The provider must know this payment, for this order and amount (a valid signature alone is not
     * enough); Razorpay may leave it `authorized` (accounts without auto-capture): capture it. When the
     * provider cannot be reached the signature stands, and its webhook settles the rest.
     */
    async run(input: {
      provider: PaymentProviderName;
      paymentId: string;
      amountPaise: number;
      providerOrderId: string;
      providerPaymentId: string;
    }): Promise<{ method: string | null; refused: string | null }> {
      const provider = core.providerFor(input.provider);
      let p: Awaited<ReturnType<typeof provider.fetchPayment>>;
      try {
        p = await provider.fetchPayment(input.providerPaymentId);
      } catch (err) {
        if (err instanceof PaymentProviderError && err.status >= 400 && err.status < 500)
          return { method: null, refused: 'the provider has no such payment' };
        log.warn(
          { err, payment: input.paymentId },
          'could not fetch the payment from its provider; the signature stands',
        );
        return { method: null, refused: null };
      }
      if (p.orderId !== input.providerOrderId) return { method: null, refused: 'paid for another order' };
      if (p.amount !== input.amountPaise) {
        log.error(
          { payment: input.paymentId, provider: p.amount, ours: input.amountPaise },
          'provider amount differs',
        );
        return { method: null, refused: 'the amount differs' };
      }
      if (p.status !== 'authorized' && p.status !== 'captured')
        return { method: null, refused: `the payment is ${p.status}` };
      try {
        if (p.status === 'authorized') p = await provider.capture(input.providerPaymentId, input.amountPaise);
      } catch (err) {
        log.warn({ err, payment: input.paymentId }, 'capture at the provider failed; its webhook settles it');
      }
      return { method: p.method, refused: null };
    },
  });

  const captureAndGrant = dbStep({
    name: 'payments.capture-and-grant',
    async run(fx, input: CaptureStepInput): Promise<CaptureOutcome & { otherPayment?: boolean }> {
      if ('paymentId' in input.target) {
        const applied = await applyCapture(core, fx, input.target.paymentId, input.facts, input.sessionId);
        await paymentStore.logEvent(fx.tx, clock, {
          paymentId: applied.row.id,
          provider: applied.row.provider,
          source: 'confirm',
          kind: 'confirm',
          providerPaymentId: input.facts.providerPaymentId,
          outcome: applied.changed ? 'applied' : applied.otherPayment ? 'refused' : 'duplicate',
          detail: applied.otherPayment ? 'order already paid by another payment' : null,
          ip: input.target.ip,
        });
        return {
          status: applied.changed ? 'applied' : 'duplicate',
          row: applied.row,
          otherPayment: applied.otherPayment,
        };
      }
      const { provider, entity, audit } = input.target.webhook;
      const eventId = await claim(fx, audit, null);
      if (!eventId) return { status: 'duplicate', row: null };
      const outcome = await (async (): Promise<CaptureOutcome> => {
        const row = await paymentStore.lockByOrder(fx.tx, provider, entity.order_id);
        if (!row) return { status: 'ignored', row: null, detail: 'not a Petti order' };
        if (entity.amount !== row.amountPaise) {
          log.error({ payment: row.id, amount: entity.amount }, 'webhook amount differs from the order');
          return { status: 'ignored', row, detail: 'amount differs' };
        }
        const r = await applyCapture(core, fx, row.id, input.facts, null);
        if (r.changed) return { status: 'applied', row: r.row };
        const detail = r.otherPayment ? 'order already paid by another payment' : 'already captured';
        return { status: 'ignored', row: r.row, detail };
      })();
      await fx.tx
        .update(paymentEvents)
        .set({ outcome: outcome.status, paymentId: outcome.row?.id ?? null, detail: outcome.detail ?? null })
        .where(eq(paymentEvents.id, eventId));
      return outcome;
    },
  });

  const recordRefused = dbStep({
    name: 'payments.record-refused-grant',
    async run(fx, input: CaptureStepInput & { code: GrantRefused['code'] }) {
      let paymentId: string;
      let eventId: string | null = null;
      if ('paymentId' in input.target) paymentId = input.target.paymentId;
      else {
        const { provider, entity, audit } = input.target.webhook;
        const row = await paymentStore.lockByOrder(fx.tx, provider, entity.order_id);
        if (!row) return { row: null, refund: null };
        eventId = await claim(fx, { ...audit }, `not granted: ${input.code}`);
        if (!eventId) return { row, refund: null };
        await fx.tx.update(paymentEvents).set({ paymentId: row.id }).where(eq(paymentEvents.id, eventId));
        paymentId = row.id;
      }
      const r = await recordRefusal(core, refunds, fx, paymentId, input.facts, { code: input.code });
      if (!r.refund || !r.before) return { row: r.row, refund: null as ReservedRefund | null };
      return undoWith(
        { row: r.row, refund: r.refund as ReservedRefund | null },
        { before: r.before, refundId: r.refund.refundId, eventId },
      );
    },
    async undo(fx, data: { before: BeforeRefusal; refundId: string; eventId: string | null }) {
      await refunds.release(fx, data.refundId);
      await undoRefusal(core, fx, data.before);
      if (data.eventId) await fx.tx.delete(paymentEvents).where(eq(paymentEvents.id, data.eventId));
    },
  });

  return core.flows.define<CaptureRequest, CaptureOutcome>({
    name: 'payments.capture',
    steps: [verify, inspect, captureAndGrant, recordRefused, refund.atProvider, refund.record],
    async run(flow, request) {
      let step: CaptureStepInput;
      if (request.source === 'confirm') {
        const found = await paymentStore.find(core.db, request.paymentId);
        if (!found || found.userId !== request.userId) throw notFound('payment');
        const checked = await flow.db(verify, {
          ...request,
          signed: checkSignature(core, found, request.body),
        });
        if (checked.kind === 'refused') throw new AppError('PaymentSignatureInvalid');
        if (checked.kind === 'conflict') throw new AppError('Conflict', 'This order has already been paid.');
        if (checked.kind === 'settled') return { status: 'duplicate', row: checked.row };
        const { row } = checked;
        const providerPaymentId = request.body.providerPaymentId;
        const { method, refused } = await flow.call(inspect, {
          provider: row.provider,
          paymentId: row.id,
          amountPaise: row.amountPaise,
          providerOrderId: row.providerOrderId,
          providerPaymentId,
        });
        if (refused) {
          log.warn({ payment: row.id, providerPaymentId, refused }, 'confirmation refused at the provider');
          throw new AppError('PaymentSignatureInvalid');
        }
        step = {
          target: { paymentId: row.id, ip: request.ip },
          facts: { providerPaymentId, method },
          sessionId: request.sessionId,
        };
      } else {
        const { entity } = request;
        step = {
          target: { webhook: request },
          facts: { providerPaymentId: entity.id, method: entity.method ?? null },
          sessionId: null,
        };
      }
      let refusal: GrantRefused;
      try {
        const captured = await flow.db(captureAndGrant, step);
        if (captured.otherPayment) throw new AppError('Conflict', 'This order has already been paid.');
        return captured;
      } catch (err) {
        if (!(err instanceof GrantRefused)) throw err;
        refusal = err;
      }
      const refused = await flow.db(recordRefused, { ...step, code: refusal.code });
      if (!refused.refund) return { status: refused.row ? 'applied' : 'ignored', row: refused.row };
      try {
        const made = await flow.call(refund.atProvider, refused.refund);
        return { status: 'applied', row: await flow.db(refund.record, { refund: refused.refund, made }) };
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        // The capture stays recorded with its reason; the reservation's timer asks again.
        log.error({ err, payment: refused.row?.id }, 'automatic refund failed; its timer retries');
        return { status: 'applied', row: refused.row };
      }
    },
  });
}
