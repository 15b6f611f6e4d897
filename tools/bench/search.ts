import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { pct, startBenchServer } from './bench-server.ts';
import { SEARCH_GOAL_MS } from './goals.ts';
import { runBench, writeReport } from './report.ts';

/**
 * Product search as the catalogue grows (docs/performance.md#search): `GET /api/products?q=rice`
 * timed one request at a time at the demo's size and after growing the catalogue with made-up
 * products to each size asked for, so each figure is the search's own time, not a queue's.
 * The goal is 10 ms at 100,000 products.
 *
 *   node --import tsx tools/bench/search.ts [--sizes 10000,100000] [--requests 40]
 *   DATABASE_URL=postgres://… node --import tsx tools/bench/search.ts
 */
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    requests: { type: 'string', default: '40' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const REQUESTS = Number(values.requests);
const WARM_UP = 20;
const WORDS = ['Ponni', 'Basmati', 'Toor', 'Moong', 'Jaggery', 'Sugar', 'Tea', 'Soap', 'Candle', 'Sparkler'];

async function main() {
  const started = await startBenchServer();
  const { base } = started;
  const db = started.ctx.database.db;
  const count = async () =>
    Number(
      (
        (await db.execute(sql`select count(*)::int as n from products`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n,
    );
  try {
    const rows: Array<{
      products: number;
      matches: number;
      medianMs: number;
      p99Ms: number;
      goalMs: number;
    }> = [];
    const measure = async () => {
      // The server's first requests compile its code and each pooled connection's statements: warm
      // it on answers the timed requests do not ask for (second pages), so the figure is the
      // search's steady cost, not start-up's.
      for (let i = 0; i < WARM_UP; i++)
        await (await fetch(`${base}/api/products?q=rice&page=2&pageSize=${11 + i}`)).json();
      const times: number[] = [];
      let matches = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        // A page size of its own per request (11 to 50): each answer is made from the database, not
        // kept from the last request (docs/performance.md#reads), so this times the search itself.
        const res = await fetch(`${base}/api/products?q=rice&pageSize=${11 + (i % 40)}`);
        const body = (await res.json()) as { total: number };
        times.push(performance.now() - t0);
        matches = body.total;
      }
      const products = await count();
      const row = {
        products,
        matches,
        medianMs: Math.round(pct(times, 50) * 10) / 10,
        p99Ms: Math.round(pct(times, 99) * 10) / 10,
        goalMs: SEARCH_GOAL_MS,
      };
      rows.push(row);
      console.log(
        `  ${products} products (${matches} match): median ${row.medianMs} ms, p99 ${row.p99Ms} ms (goal ${SEARCH_GOAL_MS} ms at 100,000)`,
      );
    };
    await measure();
    for (const size of SIZES) {
      const have = await count();
      if (size <= have) continue;
      console.log(`growing the catalogue to ${size} products…`);
      // Made-up products of the demo's shops and categories; one name in a hundred says rice.
      await db.execute(sql`
        insert into products (id, seller_id, category_id, name, hazardous)
        select 'bench-' || g,
               (select id from sellers order by id offset (g % 3) limit 1),
               (select id from categories order by id offset (g % 5) limit 1),
               jsonb_build_object(
                 'en', (string_to_array(${WORDS.join(',')}::text, ','))[1 + g % ${WORDS.length}::int] || case when g % 100 = 0 then ' Rice ' else ' Item ' end || g,
                 'ta', 'பொருள் ' || g),
               false
        from generate_series(${have + 1}::int, ${size}::int) as g`);
      await db.execute(sql`analyze products`);
      await measure();
    }
    const report = { at: new Date().toISOString(), database: started.ctx.database.kind, search: rows };
    await writeReport('search', report);
  } finally {
    await started.stop();
  }
}

runBench(main);
