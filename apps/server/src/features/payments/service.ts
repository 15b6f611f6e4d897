import type {
  ConfirmPaymentBody,
  ConfirmPaymentResult,
  Payment,
  PaymentDetail,
  PaymentProviderName,
  PaymentPurpose,
} from '@petti/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TimerRow } from '../../platform/jobs/schema.ts';
import { createCharges } from './charges.ts';
import { createPaymentsCore, type PaymentsCore, type PaymentsDeps } from './core.ts';
import { defineCaptureFlow } from './flows/capture.ts';
import { defineRefundFlow } from './flows/refund.ts';
import { refundSteps } from './flows/refund-steps.ts';
import type {
  CapturedHandler,
  Describer,
  FailedHandler,
  MoneyMovedListener,
  RefundedHandler,
  WebhookEventHandler,
} from './handlers.ts';
import { createOpening } from './open.ts';
import { createPaymentQueries } from './queries.ts';
import { createPaymentReconciliation } from './reconcile.ts';
import { createRefunds, REFUND_TIMER, type Refunds, type ReservedRefund } from './refunds.ts';
import { payments } from './schema.ts';
import { paymentStore } from './store.ts';
import { type PaymentRow, toPayment } from './views.ts';
import { createWebhooks } from './webhook.ts';

export type { PaymentsDeps } from './core.ts';
export type {
  CapturedHandler,
  Describer,
  FailedHandler,
  MoneyMovedListener,
  RefundedHandler,
  WebhookEventHandler,
} from './handlers.ts';
export { GrantRefused } from './handlers.ts';
export type { CreatePaymentInput, OpenedOrder, PaymentDraft } from './open.ts';
export type { PaymentRow };

/**
 * Finishes a reserved refund its flow could not (its timer), or one reserved inside a webhook's
 * transaction (a charge that cannot be granted): asks the provider with the same receipt, then records.
 */
function finishReserved(core: PaymentsCore, refunds: Refunds) {
  return async (refund: ReservedRefund): Promise<void> => {
    if (!(await refunds.isPending(refund.refundId))) return;
    let made: Awaited<ReturnType<Refunds['atProvider']>>;
    try {
      made = await refunds.atProvider(refund, true);
    } catch (err) {
      if (!refunds.refusedOutright(err)) throw err;
      core.log.error(
        { err, payment: refund.paymentId },
        'the provider refused a reserved refund; refund by hand',
      );
      await core.transactor.run((_tx, fx) => refunds.release(fx, refund.refundId));
      return;
    }
    await core.transactor.run((_tx, fx) => refunds.complete(fx, refund, made));
  };
}

/** Payments: opening, capture (confirm and webhook), refunds, history (docs/payments.md). */
export function createPaymentsService(deps: PaymentsDeps) {
  const core = createPaymentsCore(deps);
  const refunds = createRefunds(core);
  const steps = refundSteps(refunds);
  const captureFlow = defineCaptureFlow(core, refunds, steps);
  const refundFlow = defineRefundFlow(deps.flows, refunds, steps);
  const opening = createOpening(core);
  const queries = createPaymentQueries(core);
  const handleWebhook = createWebhooks(core, refunds, captureFlow);
  const finish = finishReserved(core, refunds);
  deps.jobs.register({
    leased: { [REFUND_TIMER]: (timer: TimerRow) => finish(timer.data as unknown as ReservedRefund) },
  });
  const recordCharge = createCharges(core, refunds, opening, finish);
  const { handlers } = core;

  return {
    /** Registers what a captured payment of this purpose grants (bookings, orders, plans plug in). */
    onCaptured(purpose: PaymentPurpose, handler: CapturedHandler) {
      handlers.captured.set(purpose, handler);
    },
    onFailed(purpose: PaymentPurpose, handler: FailedHandler) {
      handlers.failed.set(purpose, handler);
    },
    onRefunded(purpose: PaymentPurpose, handler: RefundedHandler) {
      handlers.refunded.set(purpose, handler);
    },
    /** Told of every capture and refund, in its transaction (handlers.ts). */
    onMoneyMoved(listener: MoneyMovedListener) {
      handlers.moneyMoved.push(listener);
    },
    /** Applies the provider's webhooks of `event` (another product's, such as Route's). */
    onWebhookEvent(event: string, handler: WebhookEventHandler) {
      handlers.webhookEvents.set(event, handler);
    },
    /** How the paid thing is shown in the confirm answer (`granted`). */
    describe(purpose: PaymentPurpose, describer: Describer) {
      handlers.describers.set(purpose, describer);
    },

    draft: opening.draft,
    openProviderOrder: opening.openProviderOrder,
    record: opening.record,
    contract: opening.contract,
    discardUnpaid: opening.discardUnpaid,

    /**
     * Payments and refunds compared with the provider's own records; `hold` keeps what cannot be
     * repaired for operators (the money checks', given by the composition).
     */
    reconciliation: (hold: Parameters<typeof createPaymentReconciliation>[3]) =>
      createPaymentReconciliation(core, refunds, captureFlow, hold),

    /** The flows, for their tests (`flow.steps`) and for features that compose them. */
    flows: { capture: captureFlow, refund: refundFlow },

    findById: (q: DbOrTx, id: string) => paymentStore.find(q, id),
    summaries: (q: DbOrTx, ids: readonly string[]) => paymentStore.summaries(q, ids),
    tookMoney: (q: DbOrTx) => paymentStore.tookMoney(q),
    /** Locks a payment's row, for posting its books under it (the money journal's opening entries). */
    lock: (tx: Tx, id: string) => paymentStore.lock(tx, id),
    forSubject: (q: DbOrTx, purpose: PaymentPurpose, subjectId: string) =>
      paymentStore.forSubject(q, purpose, subjectId),
    contractOf: (row: PaymentRow): Payment => toPayment(row, core.keyIdOf(row)),
    /** The public key id a provider's checkout needs. */
    keyIdOf: (provider: PaymentProviderName): string => core.providerFor(provider).keyId,

    /**
     * The app's confirmation after checkout (`payments.capture`). Confirming again answers the same
     * and changes nothing.
     */
    async confirm(
      who: { userId: string; sessionId: string | null },
      paymentId: string,
      body: ConfirmPaymentBody,
      ip: string | null,
    ): Promise<ConfirmPaymentResult> {
      const { row } = await captureFlow.run({ source: 'confirm', paymentId, ...who, body, ip });
      return queries.answer(row!);
    },

    handleWebhook,

    /** A charge the provider made by itself (a plan mandate's), recorded and granted in a webhook's transaction. */
    recordCharge,
    /** Whether a charge with this provider payment id is recorded already. */
    async chargeRecorded(q: DbOrTx, providerPaymentId: string): Promise<boolean> {
      const [row] = await q
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.providerPaymentId, providerPaymentId));
      return Boolean(row);
    },

    /** Refunds in full, or `amountPaise` of it, through the provider (`payments.refund`). */
    async refund(
      paymentId: string,
      options: { amountPaise?: number; upToPaise?: number; reason: string },
    ): Promise<PaymentDetail> {
      return queries.detail(await refundFlow.run({ paymentId, ...options }));
    },

    list: queries.list,
    get: queries.get,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
