import type { ErrorCode, PaymentProviderName } from '@petti/shared';
import { eq } from 'drizzle-orm';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { applyCapture, recordRefusal } from './capture.ts';
import type { PaymentsCore } from './core.ts';
import type { CreatePaymentInput, createOpening } from './open.ts';
import type { Refunds, ReservedRefund } from './refunds.ts';
import { payments } from './schema.ts';
import type { PaymentRow } from './views.ts';

/** A charge the provider made by itself, as its webhook tells it. */
export interface ProviderCharge extends CreatePaymentInput {
  provider: PaymentProviderName;
  providerOrderId: string;
  providerPaymentId: string;
  method: string | null;
}

/**
 * Charges nobody confirmed in the app: a plan mandate's renewal (docs/payments.md#automatic-renewal).
 * Recorded in the webhook's transaction as a payment captured at the provider, then granted through
 * the purpose's `onCaptured` exactly as a confirmed payment is; or, when the caller says it cannot be
 * granted, recorded with the reason and refunded in full (after commit, or by the refund's timer).
 */
export function createCharges(
  core: PaymentsCore,
  refunds: Refunds,
  opening: ReturnType<typeof createOpening>,
  finish: (refund: ReservedRefund) => Promise<void>,
) {
  return async function recordCharge(
    fx: Effects,
    charge: ProviderCharge,
    options: { refuse?: ErrorCode; afterCommit: (task: () => Promise<unknown>) => void },
  ): Promise<{ row: PaymentRow; recorded: boolean }> {
    // The provider may tell of one charge in several events (and retries each): recorded once.
    const [known] = await fx.tx
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, charge.providerPaymentId));
    if (known) return { row: known, recorded: false };
    const draft = { ...charge, id: newId() };
    await opening.record(fx.tx, draft, { providerOrderId: charge.providerOrderId });
    const facts = { providerPaymentId: charge.providerPaymentId, method: charge.method };
    if (options.refuse) {
      const { row, refund } = await recordRefusal(core, refunds, fx, draft.id, facts, {
        code: options.refuse,
      });
      if (refund) options.afterCommit(() => finish(refund));
      return { row, recorded: true };
    }
    const { row } = await applyCapture(core, fx, draft.id, facts, null);
    return { row, recorded: true };
  };
}
