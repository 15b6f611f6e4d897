import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { pct, signUp, startBenchServer } from './bench-server.ts';
import { runBench, writeReport } from './report.ts';

/**
 * One shopper's order list when it is long (docs/performance.md#long-lists): one real order placed,
 * copied until the shopper has `--orders` of them, then pages read one request at a time: the first,
 * a deep page by `page` (counted from the newest, as the list did before cursors), and the same depth
 * and the very end by `after`. The goal is that a page costs the same wherever it is.
 *
 *   node --import tsx tools/bench/lists.ts [--orders 50000] [--requests 30]
 *   DATABASE_URL=postgres://… node --import tsx tools/bench/lists.ts
 */
const { values } = parseArgs({
  options: { orders: { type: 'string', default: '50000' }, requests: { type: 'string', default: '30' } },
});
const ORDERS = Number(values.orders);
const REQUESTS = Number(values.requests);
const PAGE_SIZE = 20;
const SHOP = 'sri-murugan-stores';
const VARIANT = 'murugan-toor-dal-1kg';

async function main() {
  const started = await startBenchServer();
  const { base, config } = started;
  const db = started.ctx.database.db;
  const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
  try {
    const buyer = await signUp(base, '7000000001', 'Bench lists');
    const headers = { authorization: `Bearer ${buyer.token}`, 'x-client-id': config.CLIENT_ID };
    const price =
      rowsOf<{ p: number }>(
        await db.execute(sql`select price_paise as p from product_variants where id = ${VARIANT}`),
      )[0]!.p / 100;
    const placed = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'bench-lists-1' },
      body: JSON.stringify({
        sellerId: SHOP,
        items: [{ vrntId: VARIANT, quantity: 1, productPrice: price }],
        deliveryType: 'curbside',
        vehicleNo: 'TN 67 AB 1234',
      }),
    });
    const { id } = (await placed.json()) as { id: string };
    if (placed.status !== 201) throw new Error(`the first order was refused (${placed.status})`);
    console.log(`copying it to ${ORDERS} orders…`);
    // Each copy a minute older than the one before, with its own id, key and line.
    await db.execute(sql`
      insert into orders
      select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
        'id', 'bench-' || g, 'request_key', 'bench-' || g, 'payment_id', null,
        'created_at', o.created_at - make_interval(mins => g)))).*
      from orders o, generate_series(1, ${ORDERS - 1}::int) g where o.id = ${id}`);
    await db.execute(sql`
      insert into order_items
      select (jsonb_populate_record(null::order_items, to_jsonb(i) || jsonb_build_object(
        'id', 'bench-item-' || g, 'order_id', 'bench-' || g))).*
      from order_items i, generate_series(1, ${ORDERS - 1}::int) g where i.order_id = ${id}`);
    await db.execute(sql`analyze orders`);
    await db.execute(sql`analyze order_items`);

    const ids = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from orders where user_id = ${buyer.userId} order by created_at desc, id desc`,
      ),
    ).map((r) => r.id);
    const deepPage = 1000; // the deepest `page` allows
    const time = async (what: string, query: string) => {
      const times: number[] = [];
      let shown = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/orders?pageSize=${PAGE_SIZE}&${query}`, { headers });
        const body = (await res.json()) as { items: unknown[] };
        times.push(performance.now() - t0);
        shown = body.items.length;
      }
      const row = { page: what, orders: ids.length, shown, medianMs: Math.round(pct(times, 50) * 10) / 10 };
      console.log(`  ${what}: median ${row.medianMs} ms (${shown} shown)`);
      return row;
    };
    const rows = [
      await time('first page', 'page=1'),
      await time(`page ${deepPage} by page (offset ${(deepPage - 1) * PAGE_SIZE})`, `page=${deepPage}`),
      await time(`the same depth by cursor`, `after=${ids[(deepPage - 1) * PAGE_SIZE - 1]}`),
      await time('the last page by cursor', `after=${ids[ids.length - PAGE_SIZE - 1]}`),
    ];
    const report = { at: new Date().toISOString(), database: started.ctx.database.kind, orderList: rows };
    await writeReport('lists', report);
  } finally {
    await started.stop();
  }
}

runBench(main);
