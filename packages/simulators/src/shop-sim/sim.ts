import {
  nextShopState,
  type Order,
  type OrderList,
  type OrderState,
  opsActionFor,
} from '@petti/shared/schemas/orders';

const SHOP_STATES = 'placed,accepted,packed,out_for_delivery,arrived';

/** One HTTP call to the Petti API: over the network (standalone) or app.inject (inside npm start). */
export type OpsRequest = (
  method: 'GET' | 'POST',
  path: string,
  body?: object,
) => Promise<{ status: number; json: unknown }>;

export interface ShopSimOptions {
  request: OpsRequest;
  /** Pause between two steps of one order (SHOP_SIM_STEP_MS). */
  stepMs: number;
  /** How often the shops look for orders. */
  pollMs?: number;
  /** Only these sellers' orders (default: every seller's). */
  sellerIds?: string[];
  log?: (line: string) => void;
  now?: () => number;
}

export interface ShopSim {
  /** One look at the orders: each that has waited its step gets its next shop step. Answers the steps taken. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/** An HTTP client for a running server, with the ops token. */
export function httpOps(baseUrl: string, opsToken: string): OpsRequest {
  return async (method, path, body) => {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: { 'x-ops-token': opsToken, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  };
}

/**
 * Plays the shops: every paid order moves one step at a time through its delivery type's states
 * (accept, pack, then dispatch and deliver, drop in the parcel locker, or ready for pickup), with
 * `stepMs` between steps. It stops where the buyer acts: a locker order waits in the locker until
 * the buyer types the PIN at the keypad; a curbside order waits for "I'm here", then is handed over.
 */
export function startShopSim(options: ShopSimOptions): ShopSim {
  const { request, stepMs } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  /** When each order was first seen in its current state, so each step waits stepMs. */
  const seen = new Map<string, { state: OrderState; at: number }>();
  let stopped = false;

  async function ordersToMove(): Promise<Order[]> {
    const sellers = options.sellerIds ?? [undefined];
    const out: Order[] = [];
    for (const sellerId of sellers) {
      // The states where the shop has a step to take; one request per look.
      const q = new URLSearchParams({
        state: SHOP_STATES,
        pageSize: '200',
        ...(sellerId ? { sellerId } : {}),
      });
      const res = await request('GET', `/api/ops/orders?${q}`);
      if (res.status !== 200) {
        log(`shop-sim: listing orders answered ${res.status}`);
        continue;
      }
      out.push(...(res.json as OrderList).items);
    }
    return out;
  }

  async function tick(): Promise<number> {
    const orders = await ordersToMove();
    const t = now();
    const live = new Set(orders.map((o) => o.id));
    for (const id of seen.keys()) if (!live.has(id)) seen.delete(id);
    let steps = 0;
    for (const o of orders) {
      if (stopped) break;
      // Ordered while the shop was closed: the shop takes it up when it opens.
      if (o.scheduledFor && Date.parse(o.scheduledFor) > t) continue;
      const s = seen.get(o.id);
      if (!s || s.state !== o.state) {
        seen.set(o.id, { state: o.state, at: t });
        if (stepMs > 0) continue;
      } else if (t - s.at < stepMs) continue;
      const to = nextShopState(o.state, o.deliveryType);
      const action = to && opsActionFor(to);
      if (!action) continue;
      const res = await request('POST', `/api/ops/orders/${o.id}/${action}`, {});
      if (res.status === 200) {
        steps += 1;
        seen.set(o.id, { state: to, at: t });
        log(`shop-sim: ${o.seller.brandName} ${action} order ${o.id} → ${to}`);
      } else {
        // A full locker site or an order the buyer just cancelled: tried again on a later tick.
        const code = (res.json as { error?: { code?: string } } | null)?.error?.code;
        log(`shop-sim: ${action} order ${o.id} answered ${res.status} ${code ?? ''}`.trim());
        seen.set(o.id, { state: o.state, at: t });
      }
    }
    return steps;
  }

  let running: Promise<unknown> | null = null;
  const timer = setInterval(
    () => {
      if (running || stopped) return;
      running = tick()
        .catch((err: unknown) => log(`shop-sim: ${err instanceof Error ? err.message : String(err)}`))
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
