import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ready, server, start, stop } from '../faults/services.ts';
import { IDLE_MEMORY_GOAL_MB, IDLE_TREE_MEMORY_GOAL_MB, READ_GOAL } from './goals.ts';
import { treeMemory } from './process-memory.ts';
import { runBench, writeReport } from './report.ts';

/**
 * Catalogue and locker-site reads against Petti's own `/api/health` (docs/performance.md#reads), and
 * the idle server's memory: the compiled server in a process of its own (as deployed), loaded by
 * autocannon from this one, so the two share the machine the same way for every route and the
 * ratios hold where the machine is shared. Requests ask for compressed answers, as browsers do.
 *
 *   node --import tsx tools/bench/reads.ts [--seconds 10] [--connections 50]
 *   DATABASE_URL=postgres://… node --import tsx tools/bench/reads.ts
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);

/** As a browser asks: compressed answers are what phones get. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const READ_ROUTES = [
  '/api/health',
  '/api/products?sellerId=sri-murugan-stores',
  '/api/locker-locations',
] as const;

const OPS_TOKEN = 'petti-bench-ops-token';

/**
 * The server's resident memory, and the embedded database's process beside it where there is one
 * (PGlite; PostgreSQL's own processes are not Petti's to count).
 */
async function residentMb(base: string): Promise<{ server: number; database: number | null }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { 'x-ops-token': OPS_TOKEN } })).text();
  const gauge = (name: string) => {
    const m = new RegExp(`^${name} (\\d+(?:\\.\\d+)?(?:e\\+\\d+)?)`, 'm').exec(text);
    return m ? Number(m[1]) / 1e6 : null;
  };
  const server = gauge('petti_process_resident_memory_bytes');
  if (server === null) throw new Error('no petti_process_resident_memory_bytes in /metrics');
  return { server, database: gauge('petti_database_resident_memory_bytes') };
}

async function main() {
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const dataDir = await mkdtemp(join(tmpdir(), 'petti-bench-reads-'));
  const s = await server('bench', { LOG_LEVEL: 'silent', LOCKER_SIM: 'false', OPS_TOKEN }, { dataDir });
  start(s);
  try {
    await ready(s);
    // The first start migrates and loads the demo data, and the heap it grew for that stays; memory is
    // read after a second start on the same data, as a server runs every day after its first.
    await stop(s);
    start(s);
    await ready(s);
    await delay(10_000);
    const idle = await residentMb(s.baseUrl);
    const idleMb = idle.server;
    console.log(
      `idle memory (${database}): ${idleMb.toFixed(0)} MB RSS (goal ≤ ${IDLE_MEMORY_GOAL_MB})${
        idle.database === null ? '' : `; the database's own process: ${idle.database.toFixed(0)} MB`
      }`,
    );
    // Every process Petti started, counted whole (PostgreSQL's own are not Petti's to count).
    const tree = s.child?.pid ? treeMemory(s.child.pid) : null;
    if (tree) {
      for (const p of tree.processes)
        console.log(`  ${p.command} (${p.pid}): ${p.rssMb.toFixed(0)} MB RSS, ${p.pssMb.toFixed(0)} MB PSS`);
      console.log(
        `  all of Petti's processes: ${tree.pssMb.toFixed(0)} MB PSS (goal ≤ ${IDLE_TREE_MEMORY_GOAL_MB} on PGlite), ${tree.rssMb.toFixed(0)} MB RSS summed`,
      );
    }

    const routes: Record<string, { perSecond: number; p50: number; p99: number; non2xx: number }> = {};
    for (const path of READ_ROUTES) {
      // A short warm-up, so the first route does not pay for the process's own start.
      const load = { url: `${s.baseUrl}${path}`, connections: CONNECTIONS, headers: BROWSER_HEADERS };
      await autocannon({ ...load, duration: 2 });
      const r = await autocannon({ ...load, duration: SECONDS });
      routes[path] = {
        perSecond: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
      };
    }
    const health = routes['/api/health']!.perSecond;
    const goal = READ_GOAL[database];
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, ${database}:`);
    console.log('| route | req/s | p50 | p99 | × /api/health | goal |');
    console.log('|---|---|---|---|---|---|');
    for (const [path, r] of Object.entries(routes)) {
      const ratio = r.perSecond / health;
      const mark = path === '/api/health' ? '' : `≥ ${goal}× ${ratio >= goal ? 'met' : 'NOT met'}`;
      console.log(
        `| ${path} | ${r.perSecond.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${ratio.toFixed(2)} | ${mark} |`,
      );
      if (r.non2xx) console.log(`  (${r.non2xx} answers were not 2xx)`);
    }
    await writeReport(`reads-${database}`, {
      at: new Date().toISOString(),
      database,
      connections: CONNECTIONS,
      seconds: SECONDS,
      idleMemoryMb: idleMb,
      databaseProcessMemoryMb: idle.database,
      processTree: tree,
      routes: Object.fromEntries(
        Object.entries(routes).map(([p, r]) => [p, { ...r, ratioToHealth: r.perSecond / health }]),
      ),
      goals: {
        ratioToHealth: goal,
        idleMemoryMb: IDLE_MEMORY_GOAL_MB,
        idleTreeMemoryMb: IDLE_TREE_MEMORY_GOAL_MB,
      },
    });
  } finally {
    await stop(s);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
