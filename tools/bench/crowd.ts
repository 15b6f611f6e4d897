import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  fuzzProblem,
  fuzzRequest,
  generator,
  type OpenApiDocument,
  operationsFromDocument,
  random,
} from '../../apps/server/src/test/openapi-values.ts';
import { ready, server, start, stop } from '../faults/services.ts';
import { loadClient, signUp } from './bench-server.ts';
import { runBench, writeReport } from './report.ts';

/**
 * The hostile crowd (docs/performance.md#overload): the compiled server in a process of its own and
 * two crowds of 24 concurrent requests each, every one a fuzzing request (schema-shaped or hostile, as
 * the fuzz suite sends them), while another process keeps a core busy: a busy evening on a two-core
 * box. Nothing may answer a 5xx but a 503 or 429 with `Retry-After`, and every refusal keeps the
 * error shape.
 *
 *   node --import tsx tools/bench/crowd.ts [--requests 12000] [--concurrency 24] [--calm]
 *   DATABASE_URL=postgres://… node --import tsx tools/bench/crowd.ts
 */
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '12000' },
    concurrency: { type: 'string', default: '24' },
    seed: { type: 'string', default: '43' },
    /** No core kept busy by another process. */
    calm: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const OPS_TOKEN = 'petti-bench-ops-token';

async function main() {
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const dataDir = await mkdtemp(join(tmpdir(), 'petti-bench-crowd-'));
  const s = await server(
    'bench',
    {
      // CROWD_LOG_LEVEL=error shows what went wrong behind a 5xx.
      LOG_LEVEL: process.env.CROWD_LOG_LEVEL ?? 'silent',
      LOCKER_SIM: 'false',
      SHOP_SIM: 'false',
      OPS_TOKEN,
      AUTH_IP_CODES_PER_HOUR: '10000',
      RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
    },
    { dataDir },
  );
  let spinner: ChildProcess | null = null;
  start(s);
  try {
    await ready(s);
    const user = await signUp(s.baseUrl, '7300000001', 'Crowd Member');
    const signedIn = { authorization: `Bearer ${user.token}`, 'x-client-id': 'petti-web' };
    const doc = (await (await fetch(`${s.baseUrl}/api/docs/json`)).json()) as OpenApiDocument;
    // Signing out or deleting the account would leave the rest of the run anonymous.
    const operations = operationsFromDocument(doc).filter(
      (o) => !/\/auth\/sign-out|^\/api\/me$/.test(o.path) || o.method === 'GET',
    );
    if (!values.calm) {
      spinner = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
      console.log('one core kept busy by another process');
    }
    const http = loadClient(CONCURRENCY * 2);
    const byStatus: Record<string, number> = {};
    const problems = new Map<string, { count: number; sample: string }>();
    let failedToSend = 0;
    const started = performance.now();
    /** One crowd: CONCURRENCY workers drawing from its own seeded stream of requests. */
    const crowd = async (id: number) => {
      const g = generator(random(Number(values.seed) * 10 + id));
      let next = 0;
      const share = REQUESTS / 2;
      const worker = async () => {
        while (next < share) {
          const i = next++;
          const op = operations[(i * 2 + id) % operations.length]!;
          const sent = fuzzRequest(g, op, id * share + i, signedIn, OPS_TOKEN);
          const body = sent.body === undefined ? undefined : JSON.stringify(sent.body);
          const headers =
            body === undefined ? sent.headers : { ...sent.headers, 'content-type': 'application/json' };
          try {
            const res = await http.send(sent.method, `${s.baseUrl}${sent.url}`, headers, body);
            byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
            const problem = fuzzProblem(
              res.status,
              res.headers['content-type'] as string | undefined,
              res.body,
              res.headers['retry-after'] as string | undefined,
              true,
            );
            if (problem) {
              const key = `${op.method} ${op.path}: ${problem}`;
              const seen = problems.get(key);
              if (seen) seen.count++;
              else problems.set(key, { count: 1, sample: res.body.slice(0, 200) });
            }
          } catch {
            failedToSend++;
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    };
    await Promise.all([crowd(0), crowd(1)]);
    const seconds = (performance.now() - started) / 1000;
    http.close();
    const count = (pred: (status: number) => boolean) =>
      Object.entries(byStatus).reduce((a, [k, n]) => a + (pred(Number(k)) ? n : 0), 0);
    const fiveHundreds = count((st) => st >= 500 && st !== 503);
    const busy = count((st) => st === 503 || st === 429);
    console.log(
      `\n${database}: ${REQUESTS} requests from 2 × ${CONCURRENCY} in ${seconds.toFixed(0)} s; ${fiveHundreds} × 5xx other than 503, ${busy} × busy (503/429), ${failedToSend} not answered`,
    );
    console.log(`by status: ${JSON.stringify(byStatus)}`);
    for (const [key, p] of problems) console.log(`  ${p.count} × ${key}\n      ${p.sample}`);
    await writeReport(`crowd-${database}`, {
      at: new Date().toISOString(),
      database,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      busyCore: !values.calm,
      seconds,
      byStatus,
      fiveHundreds,
      busy,
      notAnswered: failedToSend,
      problems: Object.fromEntries(problems),
      met: fiveHundreds === 0 && problems.size === 0 && failedToSend === 0,
    });
  } finally {
    spinner?.kill('SIGKILL');
    await stop(s);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await runBench(main);
