import { createHash, randomInt } from 'node:crypto';
import { asc, desc, eq, gte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { type Params, prepared } from '../../../db/prepared.ts';
import type { Clock } from '../../clock.ts';
import { type PaymentProvider, PaymentProviderError, type ProviderPayment } from '../payment-provider.ts';
import { hmacHex, paymentSignature, signaturesMatch } from '../signatures.ts';
import { testpayOrders, testpayPayments, testpayRefunds } from './schema.ts';

export type TestpayOrder = typeof testpayOrders.$inferSelect;
export type TestpayPayment = typeof testpayPayments.$inferSelect;
export const TESTPAY_METHODS = ['card', 'upi'] as const;
export type TestpayMethod = (typeof TESTPAY_METHODS)[number];

// Every payment opens an order here: built once (db/prepared.ts).
const insertOrder = prepared(
  (
    q,
    v: Params<
      Required<
        Pick<typeof testpayOrders.$inferInsert, 'id' | 'amountPaise' | 'receipt' | 'notes' | 'createdAt'>
      >
    >,
  ) =>
    q.insert(testpayOrders).values({
      id: v.id,
      amountPaise: v.amountPaise,
      receipt: v.receipt,
      notes: v.notes,
      createdAt: v.createdAt,
    }),
);

export type PayResult =
  | { kind: 'not_found' }
  | { kind: 'already_paid'; order: TestpayOrder }
  | { kind: 'captured'; order: TestpayOrder; payment: TestpayPayment; signature: string }
  | { kind: 'failed'; order: TestpayOrder; payment: TestpayPayment; errorReason: string };

export interface TestpayProvider extends PaymentProvider {
  readonly name: 'testpay';
  findOrder(orderId: string): Promise<TestpayOrder | undefined>;
  /** The payer's choice on the checkout page: records the payment and schedules its webhook. */
  pay(orderId: string, choice: { outcome: 'success' | 'failure'; method: TestpayMethod }): Promise<PayResult>;
  /** The webhook Razorpay would send for this payment: the same body on every retry. */
  webhookFor(payment: TestpayPayment): { body: string; signature: string; eventId: string; event: string };
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Razorpay-style ids: a prefix and 14 random base62 characters (~83 bits), e.g. `order_J8n0Xq1mW2e3Rt`. */
export const providerId = (prefix: string): string =>
  `${prefix}_${Array.from({ length: 14 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/** A payment as Razorpay's webhooks carry it, with the status its event announces (a retry sends the same). */
export function paymentEntity(payment: TestpayPayment): Record<string, unknown> {
  const captured = payment.errorCode === null;
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amountPaise,
    currency: payment.currency,
    status: captured ? 'captured' : 'failed',
    order_id: payment.orderId,
    method: payment.method,
    amount_refunded: 0,
    refund_status: null,
    captured,
    vpa: payment.method === 'upi' ? 'success@testpay' : null,
    error_code: payment.errorCode,
    error_description: payment.errorDescription,
    error_reason: captured ? null : FAILURE.reason,
    created_at: Math.floor(payment.createdAt.getTime() / 1000),
  };
}

const FAILURE = {
  code: 'BAD_REQUEST_ERROR',
  description: 'The payer chose to fail this test payment.',
  reason: 'payment_failed',
};

function refused(status: number, description: string): PaymentProviderError {
  return new PaymentProviderError('testpay', status, 'BAD_REQUEST_ERROR', description);
}

/**
 * The embedded default provider: a local checkout page where the payer picks success or failure,
 * card or UPI. Orders, payments and refunds are rows in Petti's database; ids, signatures and
 * webhooks are made exactly as Razorpay makes them, signed with TESTPAY_KEY_SECRET.
 */
export function createTestpayProvider(deps: {
  db: Db;
  clock: Clock;
  keyId: string;
  keySecret: string;
}): TestpayProvider {
  const { db, clock, keySecret } = deps;

  function toProviderPayment(row: TestpayPayment): ProviderPayment {
    return {
      id: row.id,
      orderId: row.orderId,
      status: row.status,
      method: row.method,
      amount: row.amountPaise,
      amountRefunded: row.amountRefundedPaise,
      errorCode: row.errorCode,
      errorDescription: row.errorDescription,
      createdAt: row.createdAt,
    };
  }

  async function loadPayment(q: DbOrTx, paymentId: string, lock = false): Promise<TestpayPayment> {
    const query = q.select().from(testpayPayments).where(eq(testpayPayments.id, paymentId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw refused(400, 'The id provided does not exist');
    return row;
  }

  async function refundIn(tx: DbOrTx, paymentId: string, amountPaise?: number, receipt?: string) {
    const row = await loadPayment(tx, paymentId, true);
    if (receipt) {
      const [done] = await tx.select().from(testpayRefunds).where(eq(testpayRefunds.receipt, receipt));
      if (done) return { refundId: done.id, amount: done.amountPaise, status: 'processed' };
    }
    if (row.status === 'failed') throw refused(400, 'The payment has not been captured');
    const left = row.amountPaise - row.amountRefundedPaise;
    const amount = amountPaise ?? left;
    if (left <= 0) throw refused(400, 'The payment has been fully refunded already');
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw refused(400, 'The refund amount provided is greater than amount captured');
    }
    const refundId = providerId('rfnd');
    await tx.insert(testpayRefunds).values({
      id: refundId,
      paymentId,
      amountPaise: amount,
      receipt: receipt ?? null,
      createdAt: clock.now(),
    });
    const refundedTotal = row.amountRefundedPaise + amount;
    await tx
      .update(testpayPayments)
      .set({
        amountRefundedPaise: refundedTotal,
        status: refundedTotal === row.amountPaise ? 'refunded' : 'captured',
      })
      .where(eq(testpayPayments.id, paymentId));
    return { refundId, amount, status: 'processed' };
  }

  return {
    name: 'testpay',
    keyId: deps.keyId,
    acceptsWebhooks: true,

    async createOrder(input) {
      const id = providerId('order');
      await insertOrder(db, {
        id,
        amountPaise: input.amountPaise,
        receipt: input.receipt,
        notes: input.notes,
        createdAt: clock.now(),
      });
      return { providerOrderId: id, amount: input.amountPaise, currency: 'INR' };
    },

    verifyPaymentSignature(orderId, paymentId, signature) {
      return signaturesMatch(paymentSignature(keySecret, orderId, paymentId), signature);
    },

    verifyWebhookSignature(rawBody, signature) {
      return signaturesMatch(hmacHex(keySecret, rawBody), signature);
    },

    async fetchPayment(paymentId) {
      return toProviderPayment(await loadPayment(db, paymentId));
    },

    /** testpay captures at once, as a Razorpay account with auto-capture does. */
    async capture(paymentId) {
      return toProviderPayment(await loadPayment(db, paymentId));
    },

    async refund(paymentId, amountPaise, options) {
      const receipt = options?.receipt;
      return db.transaction((tx) => refundIn(tx, paymentId, amountPaise, receipt));
    },

    async listPayments({ from, skip, count }) {
      const rows = await db
        .select()
        .from(testpayPayments)
        .where(gte(testpayPayments.createdAt, from))
        .orderBy(desc(testpayPayments.createdAt), desc(testpayPayments.id))
        .offset(skip)
        .limit(Math.min(100, count));
      return rows.map(toProviderPayment);
    },

    async refundsOf(paymentId) {
      const rows = await db
        .select()
        .from(testpayRefunds)
        .where(eq(testpayRefunds.paymentId, paymentId))
        .orderBy(asc(testpayRefunds.createdAt), asc(testpayRefunds.id));
      return rows.map((r) => ({
        refundId: r.id,
        amount: r.amountPaise,
        status: 'processed',
        receipt: r.receipt,
      }));
    },

    async findOrder(orderId) {
      const [order] = await db.select().from(testpayOrders).where(eq(testpayOrders.id, orderId));
      return order;
    },

    async pay(orderId, choice) {
      return db.transaction(async (tx): Promise<PayResult> => {
        const [order] = await tx
          .select()
          .from(testpayOrders)
          .where(eq(testpayOrders.id, orderId))
          .for('update');
        if (!order) return { kind: 'not_found' };
        if (order.status === 'paid') return { kind: 'already_paid', order };
        const now = clock.now();
        const success = choice.outcome === 'success';
        const [payment] = await tx
          .insert(testpayPayments)
          .values({
            id: providerId('pay'),
            orderId,
            amountPaise: order.amountPaise,
            currency: order.currency,
            status: success ? 'captured' : 'failed',
            method: choice.method,
            errorCode: success ? null : FAILURE.code,
            errorDescription: success ? null : FAILURE.description,
            createdAt: now,
            webhookNextAt: now,
          })
          .returning();
        const [updated] = await tx
          .update(testpayOrders)
          .set({ status: success ? 'paid' : 'attempted' })
          .where(eq(testpayOrders.id, orderId))
          .returning();
        if (!success)
          return { kind: 'failed', order: updated!, payment: payment!, errorReason: FAILURE.reason };
        return {
          kind: 'captured',
          order: updated!,
          payment: payment!,
          signature: paymentSignature(keySecret, orderId, payment!.id),
        };
      });
    },

    webhookFor(payment) {
      const captured = payment.errorCode === null;
      const event = captured ? 'payment.captured' : 'payment.failed';
      const createdAt = Math.floor(payment.createdAt.getTime() / 1000);
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_testpay',
        event,
        contains: ['payment'],
        payload: { payment: { entity: paymentEntity(payment) } },
        created_at: createdAt,
      });
      const eventId = `evt_${createHash('sha256').update(`${payment.id}:${event}`).digest('hex').slice(0, 14)}`;
      return { body, signature: hmacHex(keySecret, body), eventId, event };
    },
  };
}
