import type { ConfirmPaymentBody } from '@petti/shared';
import { notFound } from '../../../http/app-error.ts';
import type { Effects } from '../../../platform/events/transactor.ts';
import type { PaymentsCore } from '../core.ts';
import { paymentStore } from '../store.ts';
import { isSettled, type PaymentRow } from '../views.ts';

export type Verified =
  | { kind: 'refused' }
  | { kind: 'conflict' }
  | { kind: 'settled'; row: PaymentRow }
  | { kind: 'unsettled'; row: PaymentRow };

export type Signed = 'valid' | 'order id is not this payment’s' | 'signature does not match';

/**
 * The signature is checked against the order id Petti stored, never one from the client, and with
 * no transaction open (it is the provider adapter's code; docs/payments.md#capture).
 */
export function checkSignature(core: PaymentsCore, row: PaymentRow, body: ConfirmPaymentBody): Signed {
  if (body.providerOrderId !== row.providerOrderId) return 'order id is not this payment’s';
  const provider = core.providerFor(row.provider);
  return provider.verifyPaymentSignature(row.providerOrderId, body.providerPaymentId, body.signature)
    ? 'valid'
    : 'signature does not match';
}

/**
 * Refused attempts are logged (in this step's transaction, which commits) before the flow answers
 * with the error; a payment already settled answers as it is.
 */
export async function verifyConfirmation(
  core: PaymentsCore,
  fx: Effects,
  request: { paymentId: string; userId: string; body: ConfirmPaymentBody; ip: string | null; signed: Signed },
): Promise<Verified> {
  const { body, ip } = request;
  const row = await paymentStore.find(fx.tx, request.paymentId);
  if (!row || row.userId !== request.userId) throw notFound('payment');
  const refuse = async (detail: string, providerPaymentId: string) =>
    paymentStore.logEvent(fx.tx, core.clock, {
      paymentId: row.id,
      provider: row.provider,
      source: 'confirm',
      kind: 'confirm',
      providerPaymentId,
      outcome: 'refused',
      detail,
      ip,
    });
  if (request.signed !== 'valid') {
    const detail = request.signed;
    await refuse(detail, body.providerPaymentId.slice(0, 100));
    core.log.warn({ payment: row.id, user: request.userId, detail }, 'payment confirmation refused');
    return { kind: 'refused' };
  }
  if (isSettled(row)) {
    if (row.providerPaymentId === body.providerPaymentId) return { kind: 'settled', row };
    await refuse('order already paid by another payment', body.providerPaymentId);
    core.log.error({ payment: row.id }, 'a second signed payment for a paid order');
    return { kind: 'conflict' };
  }
  return { kind: 'unsettled', row };
}
