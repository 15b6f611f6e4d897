import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: every benchmark, one after another, each in its own process (each starts its
 * own server). Reports land in bench-results/*.json. `npm run bench -- marketplace` runs only those
 * whose names are given; with one bench named, the other arguments after `--` are passed on to it
 * (`npm run bench -- marketplace --orders 1000`).
 */
const BENCHES = ['reads', 'lockers', 'marketplace', 'search', 'lists', 'lighthouse'] as const;

const args = process.argv.slice(2);
const picked = BENCHES.filter((b) => args.includes(b));
const passOn = args.filter((a) => !(BENCHES as readonly string[]).includes(a));
let failed = 0;
for (const bench of picked.length ? picked : BENCHES) {
  console.log(`\n── bench: ${bench} ──`);
  const file = fileURLToPath(new URL(`./${bench}.ts`, import.meta.url));
  const own = picked.length === 1 ? passOn : [];
  const r = spawnSync(process.execPath, ['--import', 'tsx', file, ...own], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`bench ${bench} failed (exit ${r.status})`);
    failed += 1;
  }
}
process.exit(failed ? 1 : 0);
