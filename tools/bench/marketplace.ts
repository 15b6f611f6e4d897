import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { inArray } from 'drizzle-orm';
import { addresses } from '../../apps/server/src/features/addresses/schema.ts';
import { productVariants } from '../../apps/server/src/features/catalog/schema.ts';
import { pct, signUp, startBenchServer } from './bench-server.ts';
import { pool } from './pool.ts';
import { runBench, writeReport } from './report.ts';

/**
 * Marketplace benchmark (docs/marketplace.md): catalog read throughput (GET /api/products, /api/sellers with
 * autocannon) and order placement throughput (POST /api/orders, each with its own Idempotency-Key:
 * validation, range check, atomic stock take and payment in one transaction).
 *
 *   node --import tsx tools/bench/marketplace.ts [--seconds 5] [--connections 20] [--orders 300] [--concurrency 16]
 *   DATABASE_URL=postgres://… node --import tsx tools/bench/marketplace.ts
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    orders: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '16' },
    users: { type: 'string', default: '20' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ORDERS = Number(values.orders);
const CONCURRENCY = Number(values.concurrency);
const USERS = Number(values.users);
const SHOP = 'sri-murugan-stores';
const VARIANTS = [
  'murugan-ponni-raw-rice-10kg',
  'murugan-toor-dal-1kg',
  'murugan-sugar-1kg',
  'murugan-groundnut-oil-1l',
];

async function main() {
  const started = await startBenchServer();
  const { base, config } = started;
  try {
    const catalog: Record<
      string,
      { perSecond: number; latencyMs: { median: number; p99: number }; non2xx: number; errors: number }
    > = {};
    for (const path of [`/api/products?sellerId=${SHOP}`, '/api/products?q=rice', '/api/sellers']) {
      console.log(`GET ${path}: ${CONNECTIONS} connections for ${SECONDS} s…`);
      const r = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: SECONDS });
      catalog[path] = {
        perSecond: r.requests.average,
        latencyMs: { median: r.latency.p50, p99: r.latency.p99 },
        non2xx: r.non2xx,
        errors: r.errors,
      };
      console.log(
        `  ${r.requests.average.toFixed(0)} req/s, median ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
      );
    }

    console.log(`signing up ${USERS} buyers…`);
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const users = await pool(
      8,
      Array.from({ length: USERS }, (_, i) => async () => {
        const b = await signUp(base, `8${String(100_000_000 + i).slice(0, 9)}`, `Bench buyer ${i}`);
        return { ...b, addressId: `bench-addr-${b.userId}` };
      }),
    );
    const db = started.ctx.database.db;
    // Saved addresses near the shop, and stock that the run cannot use up.
    await db.insert(addresses).values(
      users.map((u) => ({
        id: u.addressId,
        userId: u.userId,
        label: 'Home',
        line1: 'Bench Street',
        lat: 9.456,
        lng: 77.8,
      })),
    );
    await db
      .update(productVariants)
      .set({ inventory: 1_000_000 })
      .where(inArray(productVariants.id, VARIANTS));
    const prices = new Map(
      (await db.select().from(productVariants).where(inArray(productVariants.id, VARIANTS))).map((v) => [
        v.id,
        v.pricePaise / 100,
      ]),
    );

    console.log(`placing ${ORDERS} orders, ${CONCURRENCY} at a time…`);
    const latencies: number[] = [];
    const outcomes: Record<string, number> = {};
    const t0 = performance.now();
    await pool(
      CONCURRENCY,
      Array.from({ length: ORDERS }, (_, i) => async () => {
        const u = users[i % users.length]!;
        const v = VARIANTS[i % VARIANTS.length]!;
        const start = performance.now();
        const res = await post(
          '/api/orders',
          {
            sellerId: SHOP,
            items: [{ vrntId: v, quantity: 1 + (i % 3), productPrice: prices.get(v)! }],
            deliveryType: 'home',
            addressId: u.addressId,
          },
          {
            authorization: `Bearer ${u.token}`,
            'x-client-id': config.CLIENT_ID,
            'idempotency-key': `bench-order-${i}-${Date.now()}`,
          },
        );
        latencies.push(performance.now() - start);
        const key = String(res.status);
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    console.log(`orders: ${(ORDERS / seconds).toFixed(1)}/s; outcomes ${JSON.stringify(outcomes)}`);
    console.log(
      `  latency: median ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms`,
    );

    const report = {
      at: new Date().toISOString(),
      database: started.ctx.database.kind,
      catalogReads: { connections: CONNECTIONS, seconds: SECONDS, routes: catalog },
      orders: {
        count: ORDERS,
        concurrency: CONCURRENCY,
        seconds,
        perSecond: ORDERS / seconds,
        outcomes,
        latencyMs: { median: pct(latencies, 50), p99: pct(latencies, 99) },
      },
    };
    await writeReport('marketplace', report);
  } finally {
    await started.stop();
  }
}

runBench(main);
