import {
  gstBreakdown,
  type Payment as PaymentContract,
  type PaymentDetail,
  type PaymentItem,
} from '@petti/shared';
import type { paymentRefunds, payments } from './schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

/** Who issues Petti's receipts (config `PETTI_LEGAL_NAME`, `PETTI_ADDRESS`, `PETTI_GSTIN`). */
export interface ReceiptIssuer {
  name: string;
  address: string;
  gstin: string | null;
}

export function toPayment(
  row: Pick<PaymentRow, 'id' | 'provider' | 'providerOrderId' | 'amountPaise'>,
  keyId: string,
): PaymentContract {
  return {
    id: row.id,
    provider: row.provider,
    providerOrderId: row.providerOrderId,
    amount: row.amountPaise,
    currency: 'INR',
    keyId,
  };
}

export function toPaymentItem(row: PaymentRow, keyId: string): PaymentItem {
  return {
    ...toPayment(row, keyId),
    purpose: row.purpose,
    subjectId: row.subjectId,
    description: row.description,
    status: row.status,
    tax: row.taxPaise,
    refunded: row.refundedPaise,
    method: row.method,
    receiptNumber: row.receiptNumber,
    createdAt: row.createdAt.toISOString(),
    capturedAt: row.capturedAt?.toISOString() ?? null,
  };
}

export function toPaymentDetail(
  row: PaymentRow,
  refunds: RefundRow[],
  keyId: string,
  receiptOf: { issuer: ReceiptIssuer; billedTo: { name: string | null; phone: string | null } },
): PaymentDetail {
  const gst = gstBreakdown(row.amountPaise, row.taxPaise);
  return {
    ...toPaymentItem(row, keyId),
    providerPaymentId: row.providerPaymentId,
    failureReason: row.grantError ? `not granted: ${row.grantError}` : row.failureReason,
    refunds: refunds.map((r) => ({ id: r.id, amount: r.amountPaise, createdAt: r.createdAt.toISOString() })),
    receipt: {
      number: row.receiptNumber,
      issuedAt: (row.capturedAt ?? row.createdAt).toISOString(),
      issuer: receiptOf.issuer,
      billedTo: receiptOf.billedTo,
      description: row.description,
      gst: { percent: row.taxPercent, taxable: gst.taxable, cgst: gst.cgst, sgst: gst.sgst, total: gst.tax },
      total: row.amountPaise,
      refunded: row.refundedPaise,
    },
  };
}

/** Captured, or refunded after capture: the money was taken and the thing was settled. */
export const isSettled = (row: PaymentRow): boolean =>
  row.status === 'captured' || row.status === 'refunded' || row.status === 'partially_refunded';
