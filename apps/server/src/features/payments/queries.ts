import {
  type ConfirmPaymentResult,
  PAYMENT_FILTERS,
  type PaymentDetail,
  type PaymentList,
  type PaymentListQuery,
  type PaymentPurpose,
} from '@petti/shared';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { AppError, notFound } from '../../http/app-error.ts';
import { usersService } from '../users/index.ts';
import type { PaymentsCore } from './core.ts';
import { payments } from './schema.ts';
import { paymentStore } from './store.ts';
import { type PaymentRow, toPaymentDetail, toPaymentItem } from './views.ts';

/** Payment history, receipts, and the confirmation's answer. */
export function createPaymentQueries(core: PaymentsCore) {
  const { db } = core;

  async function detail(row: PaymentRow): Promise<PaymentDetail> {
    const [refunds, contacts] = await Promise.all([
      paymentStore.refundsOf(db, row.id),
      usersService.contacts(db, [row.userId]),
    ]);
    const billedTo = contacts.get(row.userId) ?? { name: null, phone: null };
    return toPaymentDetail(row, refunds, core.keyIdOf(row), { issuer: core.issuer, billedTo });
  }

  return {
    detail,

    /** What the app hears after confirming: the payment and the thing it paid for, or why it was not granted. */
    async answer(row: PaymentRow): Promise<ConfirmPaymentResult> {
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
      const granted = (await core.handlers.describers.get(row.purpose)?.(db, row)) ?? null;
      return { payment: await detail(row), granted };
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
        items: rows.map((r) => toPaymentItem(r, core.keyIdOf(r))),
        page: query.page,
        pageSize: query.pageSize,
        total,
        hasMore: query.page * query.pageSize < total,
      };
    },

    /** One payment with its receipt; someone else's is not found. */
    async get(userId: string, paymentId: string): Promise<PaymentDetail> {
      const row = await paymentStore.find(db, paymentId);
      if (!row || row.userId !== userId) throw notFound('payment');
      return detail(row);
    },
  };
}
