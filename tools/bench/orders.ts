import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openAllDay } from '../e2e/shopper.ts';
import { ready, server, start, stop } from '../faults/services.ts';
import { loadClient, pct, signUp } from './bench-server.ts';
import { cpuSnapshot } from './cpu-time.ts';
import { ORDER_GOAL } from './goals.ts';
import { pool } from './pool.ts';
import { runBench, writeReport } from './report.ts';

/**
 * Order placement (docs/performance.md#orders): the compiled server in a process of its own, and
 * shoppers placing curbside orders (no road distance to measure) for one of the shop's products each,
 * `--concurrency` at a time, each with its own Idempotency-Key, the shop open round the clock. Only
 * orders placed (201) count towards the rate. Every order is the whole flow:
 * checks, the order and its lines, the stock taken under its row lock, the payment opened, the
 * timeline, the payment-hold timer and `orderCreated` through the outbox.
 *
 *   node --import tsx tools/bench/orders.ts [--orders 1000] [--warmup 2000] [--concurrency 16] [--users 32]
 *   DATABASE_URL=postgres://… node --import tsx tools/bench/orders.ts
 */
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '16' },
    users: { type: 'string', default: '32' },
  },
});
const ORDERS = Number(values.orders);
const WARMUP = Number(values.warmup);
const CONCURRENCY = Number(values.concurrency);
const USERS = Number(values.users);
const SHOP = 'sri-murugan-stores';

interface Variant {
  vrntId: string;
  productPrice: number;
  inventory: number;
  alwaysInventory: boolean;
}

/** Units a variant can sell: one always in stock never runs out. */
function units(v: Variant): number {
  return v.alwaysInventory ? Number.POSITIVE_INFINITY : v.inventory;
}

async function main() {
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const dataDir = await mkdtemp(join(tmpdir(), 'petti-bench-orders-'));
  const s = await server(
    'bench',
    { LOG_LEVEL: 'silent', LOCKER_SIM: 'false', AUTH_IP_CODES_PER_HOUR: '10000' },
    // BENCH_NODE_ARGS: Node's own flags for the server, as `--cpu-prof` to see where its time goes.
    { dataDir, nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) },
  );
  start(s);
  try {
    await ready(s);
    // The server keeps real time: at night in Sivakasi the shop is closed and would refuse every order.
    await openAllDay(s.baseUrl, SHOP);
    const page = (await (await fetch(`${s.baseUrl}/api/products?sellerId=${SHOP}&pageSize=50`)).json()) as {
      products: Array<{ variants: Variant[] }>;
    };
    // Each order takes one unit: spread over the variants with stock enough for their share, the most
    // stocked first, as many as can each take (WARMUP + ORDERS) / their number (an out-of-stock
    // refusal is not an order placed).
    const stocked = page.products
      .flatMap((p) => p.variants)
      .sort((a, b) => Math.sign(units(b) - units(a)) || 0);
    let count = stocked.length;
    while (count > 1 && units(stocked[count - 1]!) < Math.ceil((WARMUP + ORDERS) / count)) count--;
    const variants = stocked.slice(0, count);
    console.log(`signing up ${USERS} shoppers; ${variants.length} variants to order from…`);
    const users = await pool(
      8,
      Array.from(
        { length: USERS },
        (_, i) => () => signUp(s.baseUrl, `7${String(100_000_000 + i).slice(0, 9)}`, `Bench ${i}`),
      ),
    );

    const http = loadClient(CONCURRENCY);
    /** Places `count` orders, the first numbered `from`: each one's latency, the statuses, a few refusals. */
    const place = async (from: number, count: number) => {
      const latencies: number[] = [];
      const outcomes: Record<string, number> = {};
      const refusals = new Set<string>();
      await pool(
        CONCURRENCY,
        Array.from({ length: count }, (_, n) => async () => {
          const i = from + n;
          const u = users[i % users.length]!;
          const v = variants[i % variants.length]!;
          const started = performance.now();
          const res = await http.post(
            `${s.baseUrl}/api/orders`,
            {
              'content-type': 'application/json',
              authorization: `Bearer ${u.token}`,
              // The app's client id (CLIENT_ID's default), which order placement asks for.
              'x-client-id': 'petti-web',
              'idempotency-key': `bench-${i}-${Date.now()}`,
            },
            JSON.stringify({
              sellerId: SHOP,
              items: [{ vrntId: v.vrntId, quantity: 1, productPrice: v.productPrice }],
              deliveryType: 'curbside',
              vehicleNo: 'TN 67 AB 1234',
            }),
          );
          const body = res.body;
          if (res.status !== 201 && refusals.size < 3) refusals.add(`${res.status} ${body.slice(0, 200)}`);
          latencies.push(performance.now() - started);
          outcomes[res.status] = (outcomes[res.status] ?? 0) + 1;
        }),
      );
      return { latencies, outcomes, refusals };
    };

    if (WARMUP > 0) {
      // A server just started runs its code unoptimised at first, and on a slow machine V8 is still
      // optimising the order path's functions thousands of orders in, on the same two cores; a
      // deployed server places its orders long after that. These orders are placed and not counted
      // (2,000: counted after 1,000 the server still took a third more CPU per order than after
      // 2,000, docs/performance.md#orders).
      console.log(`warming up: ${WARMUP} orders, not counted…`);
      await place(0, WARMUP);
    }
    console.log(`placing ${ORDERS} orders, ${CONCURRENCY} at a time (${database})…`);
    // Where the CPU goes while orders are placed: the server (and, on PGlite, the database's process
    // under it), PostgreSQL's backends on this machine, and this load generator.
    const serverPid = s.child?.pid ?? 0;
    const cpuBefore = cpuSnapshot(serverPid, 'postgres');
    const t0 = performance.now();
    const { latencies, outcomes, refusals } = await place(WARMUP, ORDERS);
    const seconds = (performance.now() - t0) / 1000;
    const cpuAfter = cpuSnapshot(serverPid, 'postgres');
    http.close();
    // Only orders placed count: a refusal is quick, and would pass for throughput.
    const placed = outcomes['201'] ?? 0;
    const perSecond = placed / seconds;
    const p50 = pct(latencies, 50);
    const p99 = pct(latencies, 99);
    const perOrder = (ms: number) => Math.round((ms / Math.max(placed, 1)) * 100) / 100;
    const cpuMsPerOrder =
      cpuBefore.tree && cpuAfter.tree
        ? {
            server: perOrder(cpuAfter.tree.own - cpuBefore.tree.own),
            database: perOrder(
              database === 'postgres'
                ? cpuAfter.command - cpuBefore.command
                : cpuAfter.tree.descendants - cpuBefore.tree.descendants,
            ),
            loadGenerator: perOrder(cpuAfter.own - cpuBefore.own),
          }
        : null;
    console.log(`  outcomes ${JSON.stringify(outcomes)}`);
    for (const r of refusals) console.log(`  refused: ${r}`);
    if (placed < ORDERS) console.log(`  ${ORDERS - placed} of ${ORDERS} orders were not placed`);
    console.log(
      `  ${perSecond.toFixed(0)} orders/s (goal ≥ ${ORDER_GOAL.perSecond}), p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (goal ≤ ${ORDER_GOAL.p99Ms})`,
    );
    if (cpuMsPerOrder)
      console.log(
        `  CPU per order: server ${cpuMsPerOrder.server} ms, database ${cpuMsPerOrder.database} ms, load generator ${cpuMsPerOrder.loadGenerator} ms`,
      );
    await writeReport(`orders-${database}`, {
      at: new Date().toISOString(),
      database,
      orders: ORDERS,
      warmup: WARMUP,
      placed,
      concurrency: CONCURRENCY,
      seconds,
      perSecond,
      latencyMs: { p50, p99 },
      // Null where there is no /proc to read (not Linux).
      cpuMsPerOrder,
      outcomes,
      goals: ORDER_GOAL,
    });
  } finally {
    await stop(s);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
