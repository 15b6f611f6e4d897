import { z } from 'zod';

/**
 * How a shop is paid (docs/shops.md#settlement): its bank account, linked at the payment provider
 * (Razorpay Route), one transfer per paid order, taken back in part or whole when the order is
 * refunded. The account number's and IFSC's checks are rules/bank-account.ts's, answered with their
 * own error codes (`BankAccountInvalid`, `IfscInvalid`).
 */

/** `PUT /api/shops/:shopId/payout-account` (owner): the account the shop is paid into. */
export const payoutAccountBody = z.strictObject({
  /** The name on the bank account. */
  beneficiaryName: z.string().trim().min(3).max(120),
  accountNumber: z.string().trim().min(1).max(30),
  ifsc: z.string().trim().min(1).max(20),
  /** Where the provider writes to the shop about its account. */
  email: z.string().trim().email().max(120),
});
export type PayoutAccountBody = z.infer<typeof payoutAccountBody>;

export const PAYOUT_ACCOUNT_STATES = [
  'linking',
  'under_review',
  'activated',
  'needs_clarification',
  'failed',
] as const;
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];

export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATES),
  beneficiaryName: z.string(),
  accountLast4: z.string(),
  ifsc: z.string(),
  /** Why the provider could not link it, as it said (shown with `failed` or `needs_clarification`). */
  problem: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const TRANSFER_STATES = ['pending', 'processed', 'failed', 'recovered'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/** One paid order's money on its way to the shop. */
export const shopTransferSchema = z.object({
  orderId: z.string(),
  /** What the shop earns from the order now (after refunds). */
  sharePaise: z.number().int(),
  /** Sent to the shop's account for it. */
  sentPaise: z.number().int(),
  /** Taken back from the account after a refund. */
  reversedPaise: z.number().int(),
  /** Kept back from this order to make up an earlier refund that could not be taken back. */
  recoveredPaise: z.number().int(),
  /** A refund after the money reached the bank that could not be taken back: the shop owes it. */
  unrecoveredPaise: z.number().int(),
  status: z.enum(TRANSFER_STATES),
  /** When the provider paid it into the bank (ISO), null before. */
  settledAt: z.string().nullable(),
});
export type ShopTransfer = z.infer<typeof shopTransferSchema>;

/** `GET /api/shops/:shopId/payouts?from=&to=` (owner): the account and the span's orders' transfers. */
export const shopPayoutsSchema = z.object({
  account: payoutAccountSchema.nullable(),
  transfers: z.array(shopTransferSchema),
  /** All time, not only the span. */
  totals: z.object({
    /** Sent to the bank account, less what was taken back. */
    paidPaise: z.number().int(),
    /** Of that, what the provider has settled into the bank. */
    settledPaise: z.number().int(),
    /** Earned and not sent yet (no account yet, or on its way). */
    waitingPaise: z.number().int(),
    /** Refunds Petti made after the money reached the bank, to be kept back from the next orders. */
    owedToPettiPaise: z.number().int(),
  }),
});
export type ShopPayouts = z.infer<typeof shopPayoutsSchema>;
