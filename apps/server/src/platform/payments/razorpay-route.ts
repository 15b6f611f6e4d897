import { PaymentProviderError } from './payment-provider.ts';
import { createRazorpayCall, type RazorpayOptions } from './razorpay.ts';
import type {
  RouteActivation,
  RouteActivationStatus,
  RouteProvider,
  RouteReversal,
  RouteTransfer,
} from './route-provider.ts';

interface TransferEntity {
  id: string;
  recipient: string;
  amount: number;
  amount_reversed?: number;
  status: RouteTransfer['status'];
  recipient_settlement_id?: string | null;
  notes?: Record<string, string> | unknown[];
  error?: { description?: string | null } | null;
  created_at?: number;
}

interface ReversalEntity {
  id: string;
  transfer_id: string;
  amount: number;
  notes?: Record<string, string> | unknown[];
}

/** Razorpay's notes are an object, or `[]` when empty. */
const notesOf = (notes: TransferEntity['notes']): Record<string, string> =>
  notes && !Array.isArray(notes) ? notes : {};

export function fromRazorpayTransfer(t: TransferEntity): RouteTransfer {
  return {
    id: t.id,
    recipient: t.recipient,
    amount: t.amount,
    amountReversed: t.amount_reversed ?? 0,
    status: t.status,
    settlementId: t.recipient_settlement_id ?? null,
    notes: notesOf(t.notes),
    error: t.error?.description ?? null,
    createdAt: new Date((t.created_at ?? 0) * 1000),
  };
}

const toReversal = (r: ReversalEntity): RouteReversal => ({
  id: r.id,
  transferId: r.transfer_id,
  amount: r.amount,
  notes: notesOf(r.notes),
});

function activationOf(product: {
  id: string;
  activation_status?: string;
  requirements?: Array<{ field_reference?: string; reason_code?: string }>;
}): RouteActivation {
  const status: RouteActivationStatus =
    product.activation_status === 'activated'
      ? 'activated'
      : product.activation_status === 'needs_clarification'
        ? 'needs_clarification'
        : 'under_review';
  const problem = product.requirements?.length
    ? product.requirements.map((r) => `${r.field_reference ?? ''} ${r.reason_code ?? ''}`.trim()).join('; ')
    : null;
  return { productId: product.id, status, problem: status === 'needs_clarification' ? problem : null };
}

/**
 * Razorpay Route (https://razorpay.com/docs/api/payments/route/): linked accounts under `/v2/accounts`,
 * transfers and reversals under `/v1`. Chosen with the Razorpay payment provider.
 */
export function createRazorpayRoute(options: RazorpayOptions): RouteProvider {
  const call = createRazorpayCall(options);
  const id = (value: string) => encodeURIComponent(value);

  return {
    name: 'razorpay',

    async createLinkedAccount(input) {
      try {
        const account = await call<{ id: string }>('POST', '/v2/accounts', {
          email: input.email,
          phone: input.phone,
          type: 'route',
          reference_id: input.referenceId.slice(0, 20),
          legal_business_name: input.businessName.slice(0, 200),
          business_type: 'individual',
          contact_name: input.contactName.slice(0, 100),
          profile: { category: 'ecommerce', subcategory: 'ecommerce_marketplace' },
        });
        return { accountId: account.id };
      } catch (err) {
        // Asked again after an answer that was lost: Razorpay names the account the email already has.
        const made =
          err instanceof PaymentProviderError ? /acc_[A-Za-z0-9]{14}/.exec(err.message)?.[0] : undefined;
        if (made) return { accountId: made };
        throw err;
      }
    },

    async configureSettlement(accountId, bank, productId) {
      // Route is asked for once per account; a later bank account changes that configuration.
      const product =
        productId ??
        (
          await call<{ id: string }>('POST', `/v2/accounts/${id(accountId)}/products`, {
            product_name: 'route',
            tnc_accepted: true,
          })
        ).id;
      return activationOf(
        await call('PATCH', `/v2/accounts/${id(accountId)}/products/${id(product)}`, {
          settlements: {
            account_number: bank.accountNumber,
            ifsc_code: bank.ifsc,
            beneficiary_name: bank.beneficiaryName,
          },
          tnc_accepted: true,
        }),
      );
    },

    async transfer(input, opts) {
      const wanted = input.notes.petti_transfer;
      if (opts?.retry) {
        // The first try may have reached Razorpay: one transfer per note.
        const made = input.paymentId
          ? await call<{ items: TransferEntity[] }>('GET', `/payments/${id(input.paymentId)}/transfers`)
          : await call<{ items: TransferEntity[] }>('GET', '/transfers?count=100');
        const done = made.items.find((t) => notesOf(t.notes).petti_transfer === wanted);
        if (done) return fromRazorpayTransfer(done);
      }
      const one = { account: input.account, amount: input.amount, currency: 'INR', notes: input.notes };
      if (input.paymentId) {
        const made = await call<{ items: TransferEntity[] }>(
          'POST',
          `/payments/${id(input.paymentId)}/transfers`,
          { transfers: [one] },
        );
        const transfer = made.items[0];
        if (!transfer)
          throw new PaymentProviderError('razorpay', 502, 'SERVER_ERROR', 'Razorpay answered no transfer');
        return fromRazorpayTransfer(transfer);
      }
      return fromRazorpayTransfer(await call<TransferEntity>('POST', '/transfers', one));
    },

    async reverse(transferId, input, opts) {
      if (opts?.retry) {
        const made = await call<{ items: ReversalEntity[] }>('GET', `/transfers/${id(transferId)}/reversals`);
        const done = made.items.find((r) => notesOf(r.notes).petti_reversal === input.notes.petti_reversal);
        if (done) return toReversal(done);
      }
      return toReversal(
        await call<ReversalEntity>('POST', `/transfers/${id(transferId)}/reversals`, {
          amount: input.amount,
          notes: input.notes,
        }),
      );
    },

    async transfersOfSettlement(settlementId) {
      const made = await call<{ items: TransferEntity[] }>(
        'GET',
        `/transfers?recipient_settlement_id=${id(settlementId)}&count=100`,
      );
      return made.items.map(fromRazorpayTransfer);
    },

    async listTransfers({ from, skip, count }) {
      const made = await call<{ items: TransferEntity[] }>(
        'GET',
        `/transfers?from=${Math.floor(from.getTime() / 1000)}&skip=${skip}&count=${Math.min(100, count)}`,
      );
      return made.items.map(fromRazorpayTransfer);
    },

    async reversalsOf(transferId) {
      const made = await call<{ items: ReversalEntity[] }>('GET', `/transfers/${id(transferId)}/reversals`);
      return made.items.map(toReversal);
    },
  };
}
