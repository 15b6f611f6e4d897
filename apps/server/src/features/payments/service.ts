import { createHash } from 'node:crypto';
import {
  type ConfirmPaymentBody,
  type ConfirmPaymentResult,
  type ErrorCode,
  EVENTS,
  PAYMENT_FILTERS,
  type Payment as PaymentContract,
  type PaymentDetail,
  type PaymentList,
  type PaymentListQuery,
  type PaymentProviderName,
  type PaymentPurpose,
} from '@petti/shared';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Effects, Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import { callStep } from '../../platform/flows/steps.ts';
import { newId } from '../../platform/ids.ts';
import { type PaymentProvider, PaymentProviderError } from '../../platform/payments/payment-provider.ts';
import type { NewNotification } from '../notifications/service.ts';
import { EVENT_TEXT, refundBody, refundTitle } from './event-texts.ts';
import { paymentEvents, paymentRefunds, payments } from './schema.ts';
import { isSettled, type PaymentRow, toContract, toDetail, toItem } from './views.ts';
import { type WebhookPaymentEntity, webhookBodySchema } from './webhook-body.ts';

export type { PaymentRow };

/**
 * Thrown by a grant handler when the thing paid for can no longer be given (the plan conflicts,
 * the locker hold is gone…). The payment is then recorded as captured and refunded in full.
 */
export class GrantRefused extends Error {
  override name = 'GrantRefused';
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}

/**
 * Grants what a payment paid for, inside the capture transaction (row lock held); its events go
 * through `fx` to the outbox and leave with the capture's commit.
 */
export type CapturedHandler = (fx: Effects, payment: PaymentRow) => Promise<void>;
/** The payment's last attempt failed. The payer may still retry the same order until its hold ends. */
export type FailedHandler = (fx: Effects, payment: PaymentRow) => Promise<void>;
export type RefundedHandler = (
  fx: Effects,
  payment: PaymentRow,
  refund: { amountPaise: number; full: boolean },
) => Promise<void>;
/** The paid thing as the app should see it (`granted` in the confirm answer). */
export type Describer = (db: DbOrTx, payment: PaymentRow) => Promise<Record<string, unknown> | null>;

export interface CreatePaymentInput {
  userId: string;
  purpose: PaymentPurpose;
  subjectId: string;
  /** GST-inclusive, computed by the caller from its own data — never from the client. */
  amountPaise: number;
  /** The GST part of amountPaise. */
  taxPaise: number;
  /** The GST rate when one rate covers the amount; omit for mixed carts. */
  taxPercent?: number | null;
  description: Localized;
}

/** A payment named and checked, not yet opened at the provider. Plain data: it may be stored with a flow run. */
export interface PaymentDraft extends CreatePaymentInput {
  id: string;
  provider: PaymentProviderName;
}

/** The provider's order for a draft. */
export interface OpenedOrder {
  providerOrderId: string;
}

interface CaptureInput {
  providerPaymentId: string;
  method: string | null;
}

type WebhookOutcome = { status: 'applied' | 'duplicate' | 'ignored'; detail?: string; paymentId?: string };

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  transactor: Transactor;
  userEvents: UserEvents;
  log: Logger;
  /** The providers this process can talk to; `current` takes new payments. */
  providers: Partial<Record<PaymentProviderName, PaymentProvider>>;
  current: PaymentProviderName;
  /** Money coming back is worth keeping: each refund is also stored as a notification. */
  notifications: { add(tx: DbOrTx, n: NewNotification): Promise<unknown> };
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, transactor, log, providers } = deps;
  const publish = (
    fx: Effects,
    row: PaymentRow,
    sessionId: string | null,
    event: 'paymentCaptured' | 'paymentFailed' | 'paymentRefunded',
    data: Record<string, unknown>,
  ) =>
    deps.userEvents.emit(fx, {
      userId: row.userId,
      event: EVENTS[event],
      data: { id: row.id, purpose: row.purpose, subjectId: row.subjectId, ...data },
      text: EVENT_TEXT[event],
      sessionId,
    });
  const captured = new Map<PaymentPurpose, CapturedHandler>();
  const failed = new Map<PaymentPurpose, FailedHandler>();
  const refunded = new Map<PaymentPurpose, RefundedHandler>();
  const describers = new Map<PaymentPurpose, Describer>();

  const keyIdOf = (row: PaymentRow) => providers[row.provider]?.keyId ?? '';
  const providerFor = (name: PaymentProviderName): PaymentProvider => {
    const provider = providers[name];
    if (!provider)
      throw new AppError('PaymentsUnavailable', `The ${name} payment provider is not configured.`);
    return provider;
  };

  /** Creates the provider's order for a draft (a network call with Razorpay). */
  async function openAtProvider(draft: PaymentDraft, tx?: DbOrTx): Promise<OpenedOrder> {
    const provider = providerFor(draft.provider);
    let order: Awaited<ReturnType<PaymentProvider['createOrder']>>;
    try {
      order = await provider.createOrder(
        {
          amountPaise: draft.amountPaise,
          receipt: draft.id,
          notes: {
            petti_payment_id: draft.id,
            purpose: draft.purpose,
            subject_id: draft.subjectId,
            description: draft.description.en,
            description_ta: draft.description.ta,
          },
        },
        tx ? { tx } : undefined,
      );
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      log.error({ err }, 'could not create a provider order');
      throw new AppError('PaymentsUnavailable');
    }
    if (order.amount !== draft.amountPaise) throw new Error('the provider changed the order amount');
    return { providerOrderId: order.providerOrderId };
  }

  async function logEvent(
    q: DbOrTx,
    e: Omit<typeof paymentEvents.$inferInsert, 'id' | 'createdAt'>,
  ): Promise<boolean> {
    const rows = await q
      .insert(paymentEvents)
      .values({ id: newId(), createdAt: clock.now(), ...e })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

  async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    return row;
  }

  /**
   * The one capture step both the client's confirmation and the webhook take: under the row lock,
   * a payment not yet settled becomes captured and its grant handler runs; a settled one is left as is.
   */
  async function applyCapture(
    fx: Effects,
    paymentId: string,
    input: CaptureInput,
    sessionId: string | null,
  ): Promise<{ row: PaymentRow; changed: boolean; otherPayment: boolean }> {
    const tx = fx.tx;
    const row = await lockPayment(tx, paymentId);
    if (!row) throw notFound('That payment');
    if (isSettled(row)) {
      return { row, changed: false, otherPayment: row.providerPaymentId !== input.providerPaymentId };
    }
    const now = clock.now();
    const [updated] = await tx
      .update(payments)
      .set({
        status: 'captured',
        providerPaymentId: input.providerPaymentId,
        method: input.method ?? row.method,
        capturedAt: now,
        failureReason: null,
        updatedAt: now,
      })
      .where(eq(payments.id, paymentId))
      .returning();
    const grant = captured.get(row.purpose);
    if (grant) await grant(fx, updated!);
    else log.warn({ payment: paymentId, purpose: row.purpose }, 'payment captured with no grant handler');
    await publish(fx, row, sessionId, 'paymentCaptured', { status: 'captured' });
    return { row: updated!, changed: true, otherPayment: false };
  }

  async function recordRefund(
    fx: Effects,
    row: PaymentRow,
    refund: { providerRefundId: string; amountPaise: number; reason: string },
  ): Promise<PaymentRow> {
    const tx = fx.tx;
    const now = clock.now();
    await tx.insert(paymentRefunds).values({
      id: newId(),
      paymentId: row.id,
      providerRefundId: refund.providerRefundId,
      amountPaise: refund.amountPaise,
      reason: refund.reason,
      createdAt: now,
    });
    const total = row.refundedPaise + refund.amountPaise;
    const full = total >= row.amountPaise;
    const [updated] = await tx
      .update(payments)
      .set({ refundedPaise: total, status: full ? 'refunded' : 'partially_refunded', updatedAt: now })
      .where(eq(payments.id, row.id))
      .returning();
    await refunded.get(row.purpose)?.(fx, updated!, { amountPaise: refund.amountPaise, full });
    await publish(fx, row, null, 'paymentRefunded', { status: updated!.status, refunded: total });
    await deps.notifications.add(tx, {
      userId: row.userId,
      kind: EVENTS.paymentRefunded,
      title: refundTitle(refund.amountPaise),
      body: refundBody(row.description),
      data: { paymentId: row.id, purpose: row.purpose, subjectId: row.subjectId, amount: refund.amountPaise },
    });
    return updated!;
  }

  /**
   * The money was taken but the thing cannot be granted: record the capture with the reason and
   * give the money back in full through the provider, so nobody pays for nothing.
   */
  async function captureAndRefund(
    paymentId: string,
    input: CaptureInput,
    refusal: GrantRefused,
  ): Promise<PaymentRow> {
    return transactor.run(async (tx, fx) => {
      const current = await lockPayment(tx, paymentId);
      if (!current) throw notFound('That payment');
      if (isSettled(current)) return current;
      const now = clock.now();
      const [capturedRow] = await tx
        .update(payments)
        .set({
          status: 'captured',
          providerPaymentId: input.providerPaymentId,
          method: input.method ?? current.method,
          capturedAt: now,
          grantError: refusal.code,
          updatedAt: now,
        })
        .where(eq(payments.id, paymentId))
        .returning();
      log.warn({ payment: paymentId, reason: refusal.code }, 'payment captured but not granted; refunding');
      try {
        const refund = await providerFor(current.provider).refund(input.providerPaymentId, undefined, { tx });
        await logEvent(tx, {
          paymentId,
          provider: current.provider,
          source: 'refund',
          kind: 'refund',
          providerPaymentId: input.providerPaymentId,
          outcome: 'applied',
          detail: `not granted (${refusal.code}): full refund ${refund.refundId}`,
        });
        return recordRefund(fx, capturedRow!, {
          providerRefundId: refund.refundId,
          amountPaise: current.amountPaise,
          reason: `not granted: ${refusal.code}`,
        });
      } catch (err) {
        // The capture stays recorded with its reason; an operator refunds it (payment_events says why).
        log.error({ err, payment: paymentId }, 'automatic refund failed; refund by hand');
        return capturedRow!;
      }
    });
  }

  async function answer(row: PaymentRow): Promise<ConfirmPaymentResult> {
    if (row.grantError) {
      const refundedAll = row.refundedPaise >= row.amountPaise;
      throw new AppError(
        'PaymentNotGranted',
        refundedAll
          ? undefined
          : 'Your payment was received, but we could not complete the purchase. It will be refunded in full.',
        { details: { paymentId: row.id, reason: row.grantError, refunded: row.refundedPaise } },
      );
    }
    const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id));
    const granted = (await describers.get(row.purpose)?.(db, row)) ?? null;
    return { payment: toDetail(row, refunds, keyIdOf(row)), granted };
  }

  /** Razorpay may leave a payment `authorized` (accounts without auto-capture): capture it. Best effort. */
  async function inspect(provider: PaymentProvider, row: PaymentRow, providerPaymentId: string) {
    try {
      let p = await provider.fetchPayment(providerPaymentId);
      if (p.amount !== row.amountPaise) {
        log.error({ payment: row.id, provider: p.amount, ours: row.amountPaise }, 'provider amount differs');
      }
      if (p.status === 'authorized') p = await provider.capture(providerPaymentId, row.amountPaise);
      return { method: p.method };
    } catch (err) {
      log.warn(
        { err, payment: row.id },
        'could not fetch the payment from its provider; the signature stands',
      );
      return { method: null };
    }
  }

  async function findByOrder(tx: Tx, provider: PaymentProviderName, orderId: string | null | undefined) {
    if (!orderId) return undefined;
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, orderId)))
      .for('update');
    return row;
  }

  async function applyWebhook(
    fx: Effects,
    provider: PaymentProvider,
    body: ReturnType<typeof webhookBodySchema.parse>,
    afterCommit: Array<() => Promise<unknown>>,
  ): Promise<WebhookOutcome> {
    const tx = fx.tx;
    const entity: WebhookPaymentEntity | undefined = body.payload.payment?.entity;
    const ignored = (detail: string, paymentId?: string): WebhookOutcome => ({
      status: 'ignored',
      detail,
      paymentId,
    });
    switch (body.event) {
      case 'payment.captured':
      case 'order.paid': {
        if (!entity) return ignored('no payment entity');
        const row = await findByOrder(tx, provider.name, entity.order_id);
        if (!row) return ignored('not a Petti order');
        if (entity.amount !== row.amountPaise) {
          log.error({ payment: row.id, amount: entity.amount }, 'webhook amount differs from the order');
          return ignored('amount differs', row.id);
        }
        const r = await applyCapture(
          fx,
          row.id,
          { providerPaymentId: entity.id, method: entity.method ?? null },
          null,
        );
        if (r.changed) return { status: 'applied', paymentId: row.id };
        return ignored(r.otherPayment ? 'order already paid by another payment' : 'already captured', row.id);
      }
      case 'payment.authorized': {
        if (!entity) return ignored('no payment entity');
        const row = await findByOrder(tx, provider.name, entity.order_id);
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
        const row = await findByOrder(tx, provider.name, entity.order_id);
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
        await failed.get(row.purpose)?.(fx, updated!);
        await publish(fx, row, null, 'paymentFailed', { status: 'failed' });
        return { status: 'applied', paymentId: row.id };
      }
      case 'refund.created':
      case 'refund.processed': {
        const refund = body.payload.refund?.entity;
        if (!entity || !refund) return ignored('no payment or refund entity');
        const row = await findByOrder(tx, provider.name, entity.order_id);
        if (!row) return ignored('not a Petti order');
        const total = entity.amount_refunded ?? 0;
        if (!isSettled(row) || total <= row.refundedPaise) return ignored('refund already recorded', row.id);
        const amount = Math.min(total, row.amountPaise) - row.refundedPaise;
        const [known] = await tx
          .select({ id: paymentRefunds.id })
          .from(paymentRefunds)
          .where(eq(paymentRefunds.providerRefundId, refund.id));
        if (known) return ignored('refund already recorded', row.id);
        await recordRefund(fx, row, { providerRefundId: refund.id, amountPaise: amount, reason: 'provider' });
        return { status: 'applied', paymentId: row.id };
      }
      default:
        return ignored(`event ${body.event} is not used`);
    }
  }

  return {
    /** Registers what a captured payment of this purpose grants (bookings, orders, plans plug in). */
    onCaptured(purpose: PaymentPurpose, handler: CapturedHandler) {
      captured.set(purpose, handler);
    },
    onFailed(purpose: PaymentPurpose, handler: FailedHandler) {
      failed.set(purpose, handler);
    },
    onRefunded(purpose: PaymentPurpose, handler: RefundedHandler) {
      refunded.set(purpose, handler);
    },
    /** How the paid thing is shown in the confirm answer (`granted`). */
    describe(purpose: PaymentPurpose, describer: Describer) {
      describers.set(purpose, describer);
    },

    /**
     * Opening a payment is three parts, so that the provider call is a flow step of its own with no
     * transaction open (docs/decisions/0005-flows.md): `draft` checks the amounts and names the
     * payment, the `openProviderOrder` step creates the provider's order, and `record` stores the
     * payment in the caller's transaction and answers the object the app's checkout needs.
     */
    draft(input: CreatePaymentInput): PaymentDraft {
      if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0) {
        throw new RangeError(
          `amountPaise must be a positive whole number of paise, not ${input.amountPaise}`,
        );
      }
      if (!Number.isInteger(input.taxPaise) || input.taxPaise < 0 || input.taxPaise > input.amountPaise) {
        throw new RangeError(`taxPaise must be whole paise within the amount, not ${input.taxPaise}`);
      }
      return { ...input, id: newId(), provider: providerFor(deps.current).name };
    },

    openProviderOrder: callStep({
      name: 'payments.open-provider-order',
      run: (draft: PaymentDraft) => openAtProvider(draft),
    }),

    async record(tx: DbOrTx, draft: PaymentDraft, opened: OpenedOrder): Promise<PaymentContract> {
      const now = clock.now();
      const [row] = await tx
        .insert(payments)
        .values({
          id: draft.id,
          userId: draft.userId,
          purpose: draft.purpose,
          subjectId: draft.subjectId,
          amountPaise: draft.amountPaise,
          taxPaise: draft.taxPaise,
          taxPercent: draft.taxPercent ?? null,
          provider: draft.provider,
          providerOrderId: opened.providerOrderId,
          description: draft.description,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return toContract(row!, providerFor(draft.provider).keyId);
    },

    /**
     * Opens a payment inside the caller's transaction in one go (draft, provider order, record).
     * Being replaced by the three parts above in every flow: it calls the provider with a
     * transaction open.
     */
    async createPayment(tx: Tx, input: CreatePaymentInput): Promise<PaymentContract> {
      const draft = this.draft(input);
      // PGlite has one connection: the embedded provider must write in the open transaction.
      return this.record(tx, draft, await openAtProvider(draft, tx));
    },

    /** Status and refunded amount of these payments, for other features' views (orders' list). */
    async summaries(
      q: DbOrTx,
      ids: readonly string[],
    ): Promise<Array<{ id: string; status: PaymentRow['status']; refundedPaise: number }>> {
      if (ids.length === 0) return [];
      return q
        .select({ id: payments.id, status: payments.status, refundedPaise: payments.refundedPaise })
        .from(payments)
        .where(inArray(payments.id, [...ids]));
    },

    async findById(q: DbOrTx, id: string): Promise<PaymentRow | undefined> {
      const [row] = await q.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    contractOf(row: PaymentRow): PaymentContract {
      return toContract(row, keyIdOf(row));
    },

    /**
     * The app's confirmation after checkout. The signature is checked against the order id Petti
     * stored (never one from the client), then the capture and the grant happen in one transaction.
     * Confirming again answers the same and changes nothing.
     */
    async confirm(
      who: { userId: string; sessionId: string | null },
      paymentId: string,
      body: ConfirmPaymentBody,
      ip: string | null,
    ): Promise<ConfirmPaymentResult> {
      const row = await this.findById(db, paymentId);
      if (!row || row.userId !== who.userId) throw notFound('That payment');
      const provider = providerFor(row.provider);
      const orderMatches = body.providerOrderId === row.providerOrderId;
      if (
        !orderMatches ||
        !provider.verifyPaymentSignature(row.providerOrderId, body.providerPaymentId, body.signature)
      ) {
        const detail = orderMatches ? 'signature does not match' : 'order id is not this payment’s';
        await logEvent(db, {
          paymentId: row.id,
          provider: row.provider,
          source: 'confirm',
          kind: 'confirm',
          providerPaymentId: body.providerPaymentId.slice(0, 100),
          outcome: 'refused',
          detail,
          ip,
        });
        log.warn({ payment: row.id, user: who.userId, detail }, 'payment confirmation refused');
        throw new AppError('PaymentSignatureInvalid');
      }
      if (isSettled(row)) {
        if (row.providerPaymentId !== body.providerPaymentId) {
          await logEvent(db, {
            paymentId: row.id,
            provider: row.provider,
            source: 'confirm',
            kind: 'confirm',
            providerPaymentId: body.providerPaymentId,
            outcome: 'refused',
            detail: 'order already paid by another payment',
            ip,
          });
          log.error({ payment: row.id }, 'a second signed payment for a paid order');
          throw new AppError('Conflict', 'This order has already been paid.');
        }
        return answer(row);
      }
      const { method } = await inspect(provider, row, body.providerPaymentId);
      const input = { providerPaymentId: body.providerPaymentId, method };
      let result: PaymentRow;
      try {
        const r = await transactor.run(async (tx, fx) => {
          const applied = await applyCapture(fx, row.id, input, who.sessionId);
          await logEvent(tx, {
            paymentId: row.id,
            provider: row.provider,
            source: 'confirm',
            kind: 'confirm',
            providerPaymentId: body.providerPaymentId,
            outcome: applied.changed ? 'applied' : applied.otherPayment ? 'refused' : 'duplicate',
            detail: applied.otherPayment ? 'order already paid by another payment' : null,
            ip,
          });
          return applied;
        });
        if (r.otherPayment) throw new AppError('Conflict', 'This order has already been paid.');
        result = r.row;
      } catch (err) {
        if (!(err instanceof GrantRefused)) throw err;
        result = await captureAndRefund(row.id, input, err);
      }
      return answer(result);
    },

    /**
     * A provider's webhook: the raw body's signature is checked first; an event id or body seen
     * before is a replay and changes nothing. Captures converge with `confirm` on the same step.
     */
    async handleWebhook(
      providerName: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
      ip: string | null,
    ): Promise<{ status: WebhookOutcome['status'] }> {
      const provider = providers[providerName as PaymentProviderName];
      if (!provider) throw new AppError('ResourceNotFound', `No payment provider named ${providerName}.`);
      const signature = header(headers['x-razorpay-signature']) ?? '';
      if (!provider.acceptsWebhooks || !signature || !provider.verifyWebhookSignature(rawBody, signature)) {
        await logEvent(db, {
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
      let body: ReturnType<typeof webhookBodySchema.parse>;
      try {
        body = webhookBodySchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new AppError('Validation', 'The webhook body is not a payment event.');
      }
      const eventId = header(headers['x-razorpay-event-id'])?.slice(0, 100);
      const record = {
        provider: provider.name,
        source: 'webhook' as const,
        kind: body.event,
        providerEventId: eventId ? `${provider.name}:${eventId}` : null,
        bodyHash: `${provider.name}:${sha256Hex(rawBody)}`,
        providerPaymentId: body.payload.payment?.entity.id ?? null,
        ip,
      };
      const afterCommit: Array<() => Promise<unknown>> = [];
      let outcome: WebhookOutcome;
      try {
        outcome = await transactor.run(async (tx, fx) => {
          // Claim the event first: a replay (same event id or same body) conflicts and stops here.
          const id = newId();
          const [claimed] = await tx
            .insert(paymentEvents)
            .values({ id, createdAt: clock.now(), outcome: 'applied', ...record })
            .onConflictDoNothing()
            .returning({ id: paymentEvents.id });
          if (!claimed) return { status: 'duplicate' } satisfies WebhookOutcome;
          const result = await applyWebhook(fx, provider, body, afterCommit);
          await tx
            .update(paymentEvents)
            .set({
              outcome: result.status,
              paymentId: result.paymentId ?? null,
              detail: result.detail ?? null,
            })
            .where(eq(paymentEvents.id, id));
          return result;
        });
      } catch (err) {
        if (!(err instanceof GrantRefused)) throw err;
        const entity = body.payload.payment!.entity;
        const [row] = await db
          .select()
          .from(payments)
          .where(
            and(eq(payments.provider, provider.name), eq(payments.providerOrderId, entity.order_id ?? '')),
          );
        await captureAndRefund(row!.id, { providerPaymentId: entity.id, method: entity.method ?? null }, err);
        await logEvent(db, {
          ...record,
          paymentId: row!.id,
          outcome: 'applied',
          detail: `not granted: ${err.code}`,
        });
        outcome = { status: 'applied', paymentId: row!.id };
      }
      if (outcome.status === 'duplicate')
        log.info({ provider: provider.name, eventId }, 'webhook replay ignored');
      for (const task of afterCommit) {
        await task().catch((err: unknown) => log.warn({ err }, 'after-webhook step failed'));
      }
      return { status: outcome.status };
    },

    /** Refunds in full, or `amountPaise` of it, through the provider (cancellations, operators). */
    async refund(
      paymentId: string,
      options: { amountPaise?: number; reason: string },
    ): Promise<PaymentDetail> {
      const row = await transactor.run(async (tx, fx) => {
        const current = await lockPayment(tx, paymentId);
        if (!current) throw notFound('That payment');
        const left = current.amountPaise - current.refundedPaise;
        const amount = options.amountPaise ?? left;
        if (
          !isSettled(current) ||
          !current.providerPaymentId ||
          left <= 0 ||
          !Number.isInteger(amount) ||
          amount <= 0 ||
          amount > left
        ) {
          throw new AppError('PaymentNotRefundable', undefined, {
            details: { refundable: isSettled(current) ? left : 0 },
          });
        }
        let refund: Awaited<ReturnType<PaymentProvider['refund']>>;
        try {
          refund = await providerFor(current.provider).refund(current.providerPaymentId, amount, { tx });
        } catch (err) {
          if (!(err instanceof PaymentProviderError)) throw err;
          log.error({ err, payment: paymentId }, 'the provider refused the refund');
          throw err.status >= 400 && err.status < 500
            ? new AppError('PaymentNotRefundable', err.message)
            : new AppError('PaymentsUnavailable');
        }
        await logEvent(tx, {
          paymentId,
          provider: current.provider,
          source: 'refund',
          kind: 'refund',
          providerPaymentId: current.providerPaymentId,
          outcome: 'applied',
          detail: `${refund.refundId}: ${amount} paise (${options.reason})`,
        });
        return recordRefund(fx, current, {
          providerRefundId: refund.refundId,
          amountPaise: amount,
          reason: options.reason,
        });
      });
      const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id));
      return toDetail(row, refunds, keyIdOf(row));
    },

    /** The caller's payment history, newest first. Payments never attempted (`created`) are left out. */
    async list(userId: string, query: PaymentListQuery): Promise<PaymentList> {
      const purposes =
        query.purpose in PAYMENT_FILTERS
          ? PAYMENT_FILTERS[query.purpose as keyof typeof PAYMENT_FILTERS]
          : [query.purpose as PaymentPurpose];
      const where = and(
        eq(payments.userId, userId),
        ne(payments.status, 'created'),
        inArray(payments.purpose, [...purposes]),
      );
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(payments).where(where);
      const rows = await db
        .select()
        .from(payments)
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        items: rows.map((r) => toItem(r, keyIdOf(r))),
        page: query.page,
        pageSize: query.pageSize,
        total,
        hasMore: query.page * query.pageSize < total,
      };
    },

    /** One payment with its receipt; someone else's is not found. */
    async get(userId: string, paymentId: string): Promise<PaymentDetail> {
      const row = await this.findById(db, paymentId);
      if (!row || row.userId !== userId) throw notFound('That payment');
      const refunds = await db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, row.id))
        .orderBy(asc(paymentRefunds.createdAt));
      return toDetail(row, refunds, keyIdOf(row));
    },

    /** Payments of one paid thing, newest first (a booking's extensions, an order's retries…). */
    async forSubject(q: DbOrTx, purpose: PaymentPurpose, subjectId: string): Promise<PaymentRow[]> {
      return q
        .select()
        .from(payments)
        .where(and(eq(payments.purpose, purpose), eq(payments.subjectId, subjectId)))
        .orderBy(desc(payments.createdAt));
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
