import type { ErrorCode, PaymentPurpose } from '@petti/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import type { PaymentRow } from './views.ts';

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

/**
 * Told, inside the same transaction, whenever a payment's money moves (captured and granted, or
 * refunded in part or whole), whatever its purpose: shop settlements follow orders' money this way.
 */
export type MoneyMovedListener = (fx: Effects, payment: PaymentRow) => Promise<void>;
/**
 * A provider webhook of another product than payments (Route's `transfer.processed`…), verified and
 * claimed against replays first; applied inside the claiming transaction. `body` is the parsed JSON.
 */
export type WebhookEventHandler = (
  fx: Effects,
  body: unknown,
  afterCommit: (task: () => Promise<unknown>) => void,
) => Promise<{ status: 'applied' | 'ignored'; detail?: string }>;

/** What other features plug in per purpose: bookings, orders and plans grant, undo and describe. */
export interface PurposeHandlers {
  captured: Map<PaymentPurpose, CapturedHandler>;
  failed: Map<PaymentPurpose, FailedHandler>;
  refunded: Map<PaymentPurpose, RefundedHandler>;
  describers: Map<PaymentPurpose, Describer>;
  moneyMoved: MoneyMovedListener[];
  webhookEvents: Map<string, WebhookEventHandler>;
}

export const newPurposeHandlers = (): PurposeHandlers => ({
  captured: new Map(),
  failed: new Map(),
  refunded: new Map(),
  describers: new Map(),
  moneyMoved: [],
  webhookEvents: new Map(),
});
