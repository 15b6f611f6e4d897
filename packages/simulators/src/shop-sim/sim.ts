import { nextShopState, type OrderState, opsActionFor } from '@petti/shared/schemas/orders';
import type { ShopOrder, ShopOrderList } from '@petti/shared/schemas/shops';

/** A body sent as it is (a photo), not as JSON. */
export interface RawBody {
  raw: Buffer;
  contentType: string;
}

/** One HTTP call to the Petti API: over the network (standalone) or app.inject (inside npm start). */
export type ApiRequest = (
  method: 'GET' | 'POST',
  path: string,
  body?: object | RawBody,
  headers?: Record<string, string>,
) => Promise<{ status: number; json: unknown }>;

export const isRawBody = (body: unknown): body is RawBody =>
  typeof body === 'object' && body !== null && Buffer.isBuffer((body as RawBody).raw);

/**
 * The simulated rider's photo at the door (a plain 64×48 picture): a home delivery is handed over
 * with a proof photo, since the rider cannot know the buyer's code (docs/shops.md#hand-over).
 */
const DOORSTEP_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVR4nO2SAQkAURSDFsxgF8yAF2M8/sAAOhY/TpO6gQugvqK7EHdJ3cAFUF/RXYi7pG7gAqiv6C7EXVI3cAHUV3QX4i6pG7gA6iu6C3GX1A1cAPUV3YW4S+oGLoD6iu5C3CV1AxdAfUV3Ie6SuoELoL6iuxB3Sd3AxwN+qYTg8QFJl1IAAAAASUVORK5CYII=',
  'base64',
);

export interface ShopSimOptions {
  /** Calls the API as the simulator's account: signed in (see `signedIn` below). */
  request: ApiRequest;
  /** Pause between two steps of one order (SHOP_SIM_STEP_MS). */
  stepMs: number;
  /** How often the shops look for orders. */
  pollMs?: number;
  /** Only these shops (default: every shop the account works in). */
  sellerIds?: string[];
  log?: (line: string) => void;
  now?: () => number;
}

export interface ShopSim {
  /** One look at the boards: each order that has waited its step gets its next shop step. Answers the steps taken. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/** An HTTP client for a running server (standalone). */
export function httpApi(baseUrl: string): ApiRequest {
  return async (method, path, body, headers = {}) => {
    const raw = isRawBody(body);
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        ...headers,
        ...(body ? { 'content-type': raw ? body.contentType : 'application/json' } : {}),
      },
      body: raw ? new Uint8Array(body.raw) : body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  };
}

/** A request's body and headers for an in-process call (`app.inject`): JSON, or a photo as it is. */
export function injected(
  body: object | RawBody | undefined,
  headers: Record<string, string> = {},
): { headers: Record<string, string>; payload?: string | Buffer | object } {
  if (isRawBody(body))
    return { headers: { ...headers, 'content-type': body.contentType }, payload: body.raw };
  return { headers, ...(body ? { payload: body } : {}) };
}

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * The API as one person signed in by phone, through the same sign-in people use: the code is read from
 * the server's dev outbox (never in production, docs/shops.md#the-simulator). A 401 refreshes the
 * tokens once, and failing that signs in again.
 */
export function signedIn(base: ApiRequest, options: { phone: string; clientId: string }): ApiRequest {
  const local = options.phone.replace(/^\+?91/, '');
  let tokens: Tokens | null = null;

  async function signIn(): Promise<Tokens> {
    const asked = await base('POST', '/api/auth/sign-in', { phone: local });
    if (asked.status !== 200) throw new Error(`shop-sim: sign-in answered ${asked.status}`);
    const outbox = await base('GET', `/api/dev/outbox?phone=91${local}`);
    const code = (outbox.json as { messages?: Array<{ code?: string }> } | null)?.messages?.[0]?.code;
    if (!code) throw new Error('shop-sim: no sign-in code in the dev outbox');
    const confirmed = await base('POST', '/api/auth/confirm-sign-in', {
      phone: local,
      session: (asked.json as { session: string }).session,
      answer: code,
    });
    if (confirmed.status !== 200)
      throw new Error(`shop-sim: confirming the sign-in answered ${confirmed.status}`);
    return (confirmed.json as { tokens: Tokens }).tokens;
  }

  async function refresh(current: Tokens): Promise<Tokens> {
    const res = await base('POST', '/api/auth/refresh', { refreshToken: current.refreshToken });
    return res.status === 200 ? (res.json as Tokens) : signIn();
  }

  return async (method, path, body) => {
    tokens ??= await signIn();
    const send = (t: Tokens) =>
      base(method, path, body, { authorization: `Bearer ${t.accessToken}`, 'x-client-id': options.clientId });
    const res = await send(tokens);
    if (res.status !== 401) return res;
    tokens = await refresh(tokens);
    return send(tokens);
  };
}

/**
 * Plays the shops through their own API, as a member of each (docs/shops.md#the-simulator): every new
 * or active order on a board moves one step at a time through its delivery type's states (accept,
 * pack, then dispatch and deliver, drop in the parcel locker, or ready for pickup), with `stepMs`
 * between steps. It stops where the buyer acts: a locker order waits until the buyer types the PIN at
 * the keypad; a curbside order waits for "I'm here", then is handed over. Orders for when a shop opens
 * wait in their own lane, which it does not look at.
 */
export function startShopSim(options: ShopSimOptions): ShopSim {
  const { request, stepMs } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  /** When each order was first seen in its current state, so each step waits stepMs. */
  const seen = new Map<string, { state: OrderState; at: number }>();
  let stopped = false;

  /** Every new and active order of the shops it works in: one request per look. */
  async function ordersToMove(): Promise<ShopOrder[]> {
    const res = await request('GET', '/api/shops/mine/orders?lanes=new,active&pageSize=200');
    if (res.status !== 200) {
      log(`shop-sim: listing its shops' orders answered ${res.status}`);
      return [];
    }
    const all = (res.json as ShopOrderList).items;
    return options.sellerIds ? all.filter((o) => options.sellerIds!.includes(o.sellerId)) : all;
  }

  async function tick(): Promise<number> {
    const orders = await ordersToMove();
    const t = now();
    const live = new Set(orders.map((o) => o.id));
    for (const id of seen.keys()) if (!live.has(id)) seen.delete(id);
    let steps = 0;
    for (const o of orders) {
      if (stopped) break;
      const s = seen.get(o.id);
      if (!s || s.state !== o.state) {
        seen.set(o.id, { state: o.state, at: t });
        if (stepMs > 0) continue;
      } else if (t - s.at < stepMs) continue;
      const to = nextShopState(o.state, o.deliveryType);
      const step = to && opsActionFor(to);
      if (!step) continue;
      if (step === 'deliver' && o.deliveryType === 'home' && !o.proofPhoto) {
        const photo = await request('POST', `/api/shops/${o.sellerId}/orders/${o.id}/proof-photo`, {
          raw: DOORSTEP_PHOTO,
          contentType: 'image/png',
        });
        if (photo.status !== 200) {
          log(`shop-sim: the proof photo of order ${o.id} answered ${photo.status}`);
          continue;
        }
      }
      const res = await request('POST', `/api/shops/${o.sellerId}/orders/${o.id}/${step}`, {});
      if (res.status === 200) {
        steps += 1;
        seen.set(o.id, { state: to, at: t });
        log(`shop-sim: ${o.seller.brandName} ${step} order ${o.id} → ${to}`);
      } else {
        // A full locker site, an order the buyer just cancelled, or a person in the shop was quicker:
        // looked at again on a later tick.
        const code = (res.json as { error?: { code?: string } } | null)?.error?.code;
        log(`shop-sim: ${step} order ${o.id} answered ${res.status} ${code ?? ''}`.trim());
        seen.set(o.id, { state: o.state, at: t });
      }
    }
    return steps;
  }

  let running: Promise<unknown> | null = null;
  // A sign-in that failed (no such account, the codes' hourly limit) is tried again a minute later, not
  // at every look.
  let pausedUntil = 0;
  const timer = setInterval(
    () => {
      if (running || stopped || now() < pausedUntil) return;
      running = tick()
        .catch((err: unknown) => {
          pausedUntil = now() + 60_000;
          log(`shop-sim: ${err instanceof Error ? err.message : String(err)}`);
        })
        .finally(() => {
          running = null;
        });
    },
    options.pollMs ?? Math.max(250, Math.min(stepMs, 2000)),
  );
  timer.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
