import {
  type CreateOrderInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
} from './payment-provider.ts';
import { hmacHex, paymentSignature, signaturesMatch } from './signatures.ts';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** The webhook's secret from the dashboard; without it every webhook is refused. */
  webhookSecret?: string;
  /** Injected in tests; the global fetch otherwise. */
  fetchImpl?: typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
}

interface RazorpayPaymentEntity {
  id: string;
  order_id?: string | null;
  status: ProviderPaymentStatus;
  method?: string | null;
  amount: number;
  amount_refunded?: number;
  error_code?: string | null;
  error_description?: string | null;
  created_at?: number;
}

const NOTE_MAX = 256;
const NOTES_MAX = 15;

/** Razorpay's payment entity (REST or webhook) in Petti's words. */
export function fromRazorpayPayment(p: RazorpayPaymentEntity): ProviderPayment {
  return {
    id: p.id,
    orderId: p.order_id ?? null,
    status: p.status,
    method: p.method ?? null,
    amount: p.amount,
    amountRefunded: p.amount_refunded ?? 0,
    errorCode: p.error_code ?? null,
    errorDescription: p.error_description ?? null,
    ...(p.created_at !== undefined && { createdAt: new Date(p.created_at * 1000) }),
  };
}

/** One authenticated JSON call to Razorpay's REST API; failures are `PaymentProviderError`s. */
export type RazorpayCall = <T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => Promise<T>;

/** Basic auth with the key id and secret, JSON bodies, a timeout; shared by payments and Route. */
export function createRazorpayCall(options: RazorpayOptions): RazorpayCall {
  const doFetch = options.fetchImpl ?? fetch;
  const baseUrl = (options.baseUrl ?? 'https://api.razorpay.com').replace(/\/$/, '').replace(/\/v1$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  return async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    // Paths name their version (`/v1/payments`, `/v2/accounts`): Route's accounts live under v2.
    const url = `${baseUrl}${/^\/v\d\//.test(path) ? path : `/v1${path}`}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new PaymentProviderError('razorpay', 0, 'NETWORK_ERROR', `Razorpay ${method} ${path}: ${reason}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (!response.ok || json === undefined) {
      const error = (json as { error?: { code?: string; description?: string } } | undefined)?.error;
      throw new PaymentProviderError(
        'razorpay',
        response.status,
        error?.code ?? 'SERVER_ERROR',
        `Razorpay ${method} ${path} answered ${response.status}: ${error?.description ?? text.slice(0, 200)}`,
      );
    }
    return json as T;
  };
}

/**
 * The real Razorpay REST API (https://razorpay.com/docs/api/): basic auth with the key id and
 * secret, JSON bodies, amounts in paise. Chosen when RAZORPAY_KEY_ID/RAZORPAY_KEY_SECRET are set.
 */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const call = createRazorpayCall(options);

  const id = (value: string) => encodeURIComponent(value);

  async function refundsOf(paymentId: string): Promise<ProviderRefund[]> {
    const made = await call<{
      items: Array<{ id: string; amount: number; status: string; receipt?: string | null }>;
    }>('GET', `/payments/${id(paymentId)}/refunds?count=100`);
    return made.items.map((r) => ({
      refundId: r.id,
      amount: r.amount,
      status: r.status,
      receipt: r.receipt ?? null,
    }));
  }

  return {
    name: 'razorpay',
    keyId: options.keyId,
    acceptsWebhooks: Boolean(options.webhookSecret),

    async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
      const notes = Object.fromEntries(
        Object.entries(input.notes)
          .slice(0, NOTES_MAX)
          .map(([k, v]) => [k, v.slice(0, NOTE_MAX)]),
      );
      const order = await call<{ id: string; amount: number; currency: string }>('POST', '/orders', {
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.receipt.slice(0, 40),
        notes,
      });
      return { providerOrderId: order.id, amount: order.amount, currency: order.currency };
    },

    verifyPaymentSignature(orderId, paymentId, signature) {
      return signaturesMatch(paymentSignature(options.keySecret, orderId, paymentId), signature);
    },

    verifyWebhookSignature(rawBody, signature) {
      if (!options.webhookSecret) return false;
      return signaturesMatch(hmacHex(options.webhookSecret, rawBody), signature);
    },

    async fetchPayment(paymentId) {
      return fromRazorpayPayment(await call<RazorpayPaymentEntity>('GET', `/payments/${id(paymentId)}`));
    },

    async capture(paymentId, amountPaise) {
      return fromRazorpayPayment(
        await call<RazorpayPaymentEntity>('POST', `/payments/${id(paymentId)}/capture`, {
          amount: amountPaise,
          currency: 'INR',
        }),
      );
    },

    async refund(paymentId, amountPaise, options): Promise<ProviderRefund> {
      const receipt = options?.receipt?.slice(0, 40);
      if (receipt && options?.retry) {
        // The first try may have reached Razorpay: one refund per receipt.
        const done = (await refundsOf(paymentId)).find((r) => r.receipt === receipt);
        if (done) return done;
      }
      const refund = await call<{ id: string; amount: number; status: string }>(
        'POST',
        `/payments/${id(paymentId)}/refund`,
        { ...(amountPaise !== undefined && { amount: amountPaise }), ...(receipt && { receipt }) },
      );
      return { refundId: refund.id, amount: refund.amount, status: refund.status };
    },

    refundsOf,

    async listPayments({ from, skip, count }) {
      const query = new URLSearchParams({
        from: String(Math.floor(from.getTime() / 1000)),
        skip: String(skip),
        count: String(Math.min(100, count)),
      });
      const page = await call<{ items: RazorpayPaymentEntity[] }>('GET', `/payments?${query}`);
      return page.items.map(fromRazorpayPayment);
    },
  };
}

/**
 * What Razorpay Checkout needs from the app's Content-Security-Policy: its script, the iframe it
 * opens, and the calls it makes. Added to the CSP only when Razorpay is the provider.
 */
export const RAZORPAY_CHECKOUT_CSP = {
  scriptSrc: ['https://checkout.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
} as const;
