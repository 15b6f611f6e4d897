import type { PaymentProviderName } from '@petti/shared';

/**
 * Paying shops through the payment provider's marketplace product (Razorpay Route; docs/shops.md#settlement):
 * a linked account per shop, a transfer per paid order, reversals when it is refunded. `razorpay` speaks
 * the real API; `testpay` plays it in Petti's database, with the same webhooks. Amounts in paise.
 * Failures are `PaymentProviderError`s, as for payments.
 */
export interface RouteProvider {
  readonly name: PaymentProviderName;
  /** Opens the shop's linked account; `referenceId` (our shop id) makes a second ask answer the first account. */
  createLinkedAccount(input: LinkedAccountInput): Promise<{ accountId: string }>;
  /**
   * Gives the account the bank account it settles to: asks for Route on it first, unless `productId`
   * names the Route configuration it already has (a shop changing its bank account), which is changed.
   */
  configureSettlement(
    accountId: string,
    bank: SettlementBank,
    productId?: string | null,
  ): Promise<RouteActivation>;
  /**
   * Sends `amount` of a captured payment to a linked account (`paymentId`), or from the platform's
   * balance when the payment cannot carry it (it was refunded in part already: Razorpay refuses
   * transfers on such payments). `notes.petti_transfer` names it: asked again with `retry`, the
   * provider answers the transfer already made instead of sending twice.
   */
  transfer(input: TransferInput, options?: { retry?: boolean }): Promise<RouteTransfer>;
  /** Takes `amount` back from a transfer into the platform's balance; `notes.petti_reversal` names it, as above. */
  reverse(transferId: string, input: ReversalInput, options?: { retry?: boolean }): Promise<RouteReversal>;
  /** The transfers a settlement paid into a linked account's bank. */
  transfersOfSettlement(settlementId: string): Promise<RouteTransfer[]>;
  /**
   * The provider's own record of every transfer (to any linked account, from payments or the
   * balance), newest first, a page at a time (`count` at most 100), made at or after `from`: what the
   * reconciliation compares Petti's books with (docs/payments.md#reconciliation).
   */
  listTransfers(page: { from: Date; skip: number; count: number }): Promise<RouteTransfer[]>;
  /** The reversals the provider made of one transfer. */
  reversalsOf(transferId: string): Promise<RouteReversal[]>;
}

export interface LinkedAccountInput {
  referenceId: string;
  businessName: string;
  contactName: string;
  email: string;
  /** Ten digits. */
  phone: string;
}

export interface SettlementBank {
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
}

export type RouteActivationStatus = 'under_review' | 'activated' | 'needs_clarification';
export interface RouteActivation {
  /** The account's Route configuration (`acc_prd_…`), to change it later. */
  productId: string;
  status: RouteActivationStatus;
  /** What the provider still wants, in its words, when it needs clarification. */
  problem: string | null;
}

export interface TransferInput {
  account: string;
  amount: number;
  /** The captured payment it comes from; absent for a transfer from the platform's balance. */
  paymentId?: string;
  notes: { petti_transfer: string; order: string };
}

export interface RouteTransfer {
  id: string;
  recipient: string;
  amount: number;
  amountReversed: number;
  status: 'pending' | 'processed' | 'failed' | 'reversed' | 'partially_reversed';
  settlementId: string | null;
  notes: Record<string, string>;
  error: string | null;
  /** When the provider made it. */
  createdAt: Date;
}

export interface ReversalInput {
  amount: number;
  notes: { petti_reversal: string; order: string };
}

export interface RouteReversal {
  id: string;
  transferId: string;
  amount: number;
  notes: Record<string, string>;
}
