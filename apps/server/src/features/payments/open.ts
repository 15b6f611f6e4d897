import type { Payment, PaymentProviderName, PaymentPurpose } from '@petti/shared';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import { AppError } from '../../http/app-error.ts';
import { callStep } from '../../platform/flows/steps.ts';
import { newId } from '../../platform/ids.ts';
import { type PaymentProvider, PaymentProviderError } from '../../platform/payments/payment-provider.ts';
import type { PaymentsCore } from './core.ts';
import { payments } from './schema.ts';
import { toPayment } from './views.ts';

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

type NewPayment = Required<
  Pick<
    typeof payments.$inferInsert,
    | 'id'
    | 'userId'
    | 'purpose'
    | 'subjectId'
    | 'amountPaise'
    | 'taxPaise'
    | 'taxPercent'
    | 'provider'
    | 'providerOrderId'
    | 'description'
    | 'createdAt'
    | 'updatedAt'
  >
>;

// Every order, booking and plan purchase records one: built once (db/prepared.ts).
const insertPayment = prepared((q, v: Params<NewPayment>) =>
  q
    .insert(payments)
    .values({
      id: v.id,
      userId: v.userId,
      purpose: v.purpose,
      subjectId: v.subjectId,
      amountPaise: v.amountPaise,
      taxPaise: v.taxPaise,
      taxPercent: v.taxPercent,
      provider: v.provider,
      providerOrderId: v.providerOrderId,
      description: v.description,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
    })
    .returning(),
);

/**
 * Opening a payment is three parts, so that the provider call is a flow step of its own with no
 * transaction open (docs/decisions/0005-flows.md): `draft` checks the amounts and names the
 * payment, the `openProviderOrder` step creates the provider's order, and `record` stores the
 * payment in the caller's transaction and answers the object the app's checkout needs.
 */
export function createOpening(core: PaymentsCore) {
  const { clock, log } = core;

  async function openAtProvider(draft: PaymentDraft): Promise<OpenedOrder> {
    const provider = core.providerFor(draft.provider);
    let order: Awaited<ReturnType<PaymentProvider['createOrder']>>;
    try {
      order = await provider.createOrder({
        amountPaise: draft.amountPaise,
        receipt: draft.id,
        notes: {
          petti_payment_id: draft.id,
          purpose: draft.purpose,
          subject_id: draft.subjectId,
          description: draft.description.en,
          description_ta: draft.description.ta,
        },
      });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      log.error({ err }, 'could not create a provider order');
      throw new AppError('PaymentsUnavailable');
    }
    if (order.amount !== draft.amountPaise) throw new Error('the provider changed the order amount');
    return { providerOrderId: order.providerOrderId };
  }

  function draft(input: CreatePaymentInput): PaymentDraft {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0) {
      throw new RangeError(`amountPaise must be a positive whole number of paise, not ${input.amountPaise}`);
    }
    if (!Number.isInteger(input.taxPaise) || input.taxPaise < 0 || input.taxPaise > input.amountPaise) {
      throw new RangeError(`taxPaise must be whole paise within the amount, not ${input.taxPaise}`);
    }
    return { ...input, id: newId(), provider: core.providerFor(core.current).name };
  }

  /**
   * The payment `record` answers, known before it is stored: all of it comes from the draft and the
   * provider's order, so a flow may write it beside the payment in the same round trip.
   */
  function contract(d: PaymentDraft, opened: OpenedOrder): Payment {
    return toPayment(
      { id: d.id, provider: d.provider, providerOrderId: opened.providerOrderId, amountPaise: d.amountPaise },
      core.providerFor(d.provider).keyId,
    );
  }

  async function record(tx: DbOrTx, d: PaymentDraft, opened: OpenedOrder): Promise<Payment> {
    const now = clock.now();
    const [row] = await insertPayment(tx, {
      id: d.id,
      userId: d.userId,
      purpose: d.purpose,
      subjectId: d.subjectId,
      amountPaise: d.amountPaise,
      taxPaise: d.taxPaise,
      taxPercent: d.taxPercent ?? null,
      provider: d.provider,
      providerOrderId: opened.providerOrderId,
      description: d.description,
      createdAt: now,
      updatedAt: now,
    });
    return toPayment(row!, core.providerFor(d.provider).keyId);
  }

  return {
    draft,
    /** A call step: Razorpay cannot cancel an order, so it has nothing to undo (docs/decisions/0005-flows.md). */
    openProviderOrder: callStep({
      name: 'payments.open-provider-order',
      run: (d: PaymentDraft) => openAtProvider(d),
    }),
    record,
    contract,
    /** Takes back a payment recorded by a flow that was then undone; one already attempted stays. */
    async discardUnpaid(tx: DbOrTx, paymentId: string): Promise<void> {
      await tx.delete(payments).where(and(eq(payments.id, paymentId), eq(payments.status, 'created')));
    },
  };
}
