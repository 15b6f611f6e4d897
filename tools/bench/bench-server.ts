import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPetti } from '../../apps/server/src/bootstrap.ts';
import { type Config, loadConfig } from '../../apps/server/src/config.ts';

/** What the server benchmarks share: a Petti server in this process, a percentile and a lean load client. */

/** The p-th percentile of some numbers (NaN for none). */
export const pct = (xs: number[], p: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/**
 * A lean HTTP client for load: node:http over kept-alive connections, `connections` at most. The
 * load shares the machine's cores with the server and its database, and `fetch` (undici) spent about
 * 1.1–2.8 ms of CPU per request where this spends a fraction of it (docs/performance.md#orders).
 */
export function loadClient(connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };
  const send = (method: string, url: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              headers: res.headers,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return {
    send,
    post: (url: string, headers: Record<string, string>, body: string) => send('POST', url, headers, body),
    get: (url: string, headers: Record<string, string> = {}) => send('GET', url, headers),
    close: () => agent.destroy(),
  };
}

export type BenchServer = Awaited<ReturnType<typeof startPetti>> & {
  base: string;
  config: Config;
  /** Stops the server and removes its temporary data folder. */
  stop(): Promise<void>;
};

/**
 * A server on a free port: PGlite in a temporary folder unless DATABASE_URL is set, no simulators,
 * quiet logs. Its clock runs at today's noon in Sivakasi, so every site and shop is open whenever
 * a benchmark runs.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'petti-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_TCP_PORT: '0',
    LOG_LEVEL: 'silent',
    LOCKER_SIM: 'false',
    SHOP_SIM: 'false',
    AUTH_IP_CODES_PER_HOUR: '10000',
    WEB_DIST: join(dataDir, 'no-web'),
    ...env,
  });
  console.log(`starting the server (${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})…`);
  const noon = new Date();
  noon.setUTCHours(6, 30, 0, 0);
  const offset = noon.getTime() - Date.now();
  const started = await startPetti({ config, clock: { now: () => new Date(Date.now() + offset) } });
  await started.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = started.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    ...started,
    base,
    config,
    async stop() {
      await started.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new buyer signed up through the API with the code from the dev outbox. */
export async function signUp(
  base: string,
  phone: string,
  name: string,
): Promise<{ userId: string; token: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  await post('/api/auth/sign-up', { phone, name });
  const outbox = (await (await fetch(`${base}/api/dev/outbox?phone=91${phone}`)).json()) as {
    messages: Array<{ code: string }>;
  };
  const confirm = (await post('/api/auth/confirm-sign-up', { phone, code: outbox.messages[0]!.code })) as {
    userId: string;
    tokens: { accessToken: string };
  };
  return { userId: confirm.userId, token: confirm.tokens.accessToken };
}
