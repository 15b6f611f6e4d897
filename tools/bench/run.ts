import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: every benchmark, one after another, each in its own process (each starts its
 * own server), then one table of every figure beside its goal (summary.ts). Reports land in
 * bench-results/*.json.
 *
 * With DATABASE_URL set, the server benchmarks (`reads`, `orders`) run twice, on the embedded PGlite
 * and on that PostgreSQL, since the goals hold on both; `search` and `lists` run on PostgreSQL then.
 *
 * `npm run bench -- reads orders` runs only those named; with one bench named, the other arguments
 * after `--` are passed on to it (`npm run bench -- marketplace --orders 1000`).
 */
// Lighthouse first: its blocking time is the main thread's, and the database is still busy (vacuuming,
// writing out) for a while after the benchmarks that write tens of thousands of rows.
const BENCHES = [
  'lighthouse',
  'inp',
  'reads',
  'orders',
  'search',
  'lists',
  'lockers',
  'marketplace',
  'load',
  'crowd',
] as const;
/** The ones whose goals hold on both databases. */
const ON_BOTH = new Set<string>(['reads', 'orders', 'load', 'crowd']);

const args = process.argv.slice(2);
const picked = BENCHES.filter((b) => args.includes(b));
const passOn = args.filter((a) => !(BENCHES as readonly string[]).includes(a));
let failed = 0;

function run(file: string, own: string[], env: NodeJS.ProcessEnv, label: string): void {
  console.log(`\n── bench: ${label} ──`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file, ...own], { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`bench ${label} failed (exit ${r.status})`);
    failed += 1;
  }
}

for (const bench of picked.length ? picked : BENCHES) {
  const file = fileURLToPath(new URL(`./${bench}.ts`, import.meta.url));
  const own = picked.length === 1 ? passOn : [];
  if (ON_BOTH.has(bench) && process.env.DATABASE_URL) {
    const { DATABASE_URL: _, ...embedded } = process.env;
    run(file, own, embedded, `${bench} (PGlite)`);
    run(file, own, process.env, `${bench} (PostgreSQL)`);
  } else run(file, own, process.env, bench);
}
run(fileURLToPath(new URL('./summary.ts', import.meta.url)), [], process.env, 'summary');
process.exit(failed ? 1 : 0);
