import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { lockerSites } from '../../apps/server/src/features/lockers/schema.ts';
import { loadClient, pct, signUp, startBenchServer } from './bench-server.ts';
import type { ClientSpec, FromClients, ToClients } from './client-protocol.ts';
import { monotonicMs } from './client-protocol.ts';
import { LIVE_EVENTS_GOAL } from './goals.ts';
import { pool } from './pool.ts';
import { runBench, writeReport } from './report.ts';

/**
 * Locker booking benchmark (docs/lockers.md, docs/performance.md#live-events): booking throughput,
 * and how long a booking's events take from their commit to the user's apps, with 10,000 apps connected.
 *
 *   node --import tsx tools/bench/lockers.ts [--users 1000] [--clients 10000] [--bookings 500] [--concurrency 16]
 *   DATABASE_URL=postgres://… MQTT_URL=mqtt://127.0.0.1:1883 node --import tsx tools/bench/lockers.ts
 *
 * The server runs in this process on a free port (PGlite in a temporary folder unless DATABASE_URL
 * is set). The apps connect from processes of their own (mqtt-clients.ts, at most --per-process
 * each): every user's app, then idle ones on the same users' topics, up to --clients in all, over
 * WebSocket /mqtt with the user's access token as the app does; with MQTT_URL, to that broker
 * (MQTT_PUBLIC_URL if set).
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    clients: { type: 'string', default: '10000' },
    'per-process': { type: 'string', default: '2500' },
    bookings: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '16' },
  },
});
const USERS = Number(values.users);
const CLIENTS = Math.max(Number(values.clients), USERS);
const PER_PROCESS = Number(values['per-process']);
const BOOKINGS = Number(values.bookings);
const CONCURRENCY = Number(values.concurrency);
const SIZES = ['S', 'M', 'L', 'XL'] as const;

const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A process holding some of the apps' connections, and a way to ask it for something. */
function clientProcess() {
  const child = fork(fileURLToPath(new URL('./mqtt-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends FromClients['type']>(m: ToClients, answer: T) =>
    new Promise<Extract<FromClients, { type: T }>>((resolve, reject) => {
      const onMessage = (r: FromClients) => {
        child.off('exit', onExit);
        child.off('message', onMessage);
        if (r.type === 'failed') reject(new Error(`a client process: ${r.message}`));
        else if (r.type === answer) resolve(r as Extract<FromClients, { type: T }>);
        else reject(new Error(`a client process answered ${r.type}, not ${answer}`));
      };
      const onExit = (code: number | null) => reject(new Error(`a client process ended (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(m);
    });
  return { ask, close: () => child.connected && child.send({ type: 'close' } satisfies ToClients) };
}

/** The most files this process may hold open (Linux's soft limit, which Node raises to the hard one), or null. */
async function openFileLimit(): Promise<number | null> {
  const text = await readFile('/proc/self/limits', 'utf8').catch(() => '');
  const m = /^Max open files\s+(\d+)/m.exec(text);
  return m ? Number(m[1]) : null;
}

async function main() {
  const started = await startBenchServer({
    // Each user's topic is heard by CLIENTS / USERS apps, so each user may connect that many.
    BROKER_MAX_CONNECTIONS_PER_USER: String(Math.min(1000, Math.ceil(CLIENTS / USERS))),
  });
  const { app, base, config } = started;
  // With an external broker, the apps connect to it as browsers would.
  const external = config.MQTT_URL ? (config.MQTT_PUBLIC_URL ?? config.MQTT_URL) : undefined;
  // The embedded broker holds a file per app in this process: past the limit, connections would wait
  // unaccepted and the bench hang, so it says so first.
  const limit = external ? null : await openFileLimit();
  if (limit !== null && limit < CLIENTS + 1000) {
    await started.stop();
    throw new Error(
      `this process may open ${limit} files and ${CLIENTS} apps need about ${CLIENTS + 1000}: raise the hard limit (ulimit -Hn) or pass --clients`,
    );
  }
  const processes: Array<ReturnType<typeof clientProcess>> = [];
  const load = loadClient(CONCURRENCY);
  try {
    for (const s of await started.ctx.database.db.select({ id: lockerSites.id }).from(lockerSites))
      await app.services.lockerDevices.heartbeat(s.id);
    const sites = ['bus-stand', 'railway-station', 'thiruthangal', 'sattur-road', 'ajna-college'];

    console.log(`signing up ${USERS} users…`);
    const users = await pool(
      8,
      Array.from(
        { length: USERS },
        (_, i) => () => signUp(base, `9${String(100_000_000 + i).slice(0, 9)}`, `Bench ${i}`),
      ),
    );

    // The moment each booking's event is handed to the broker, just after its commit (`event bookingId`).
    // An event sent twice for one booking could not be told apart on arrival: it is left out.
    const handedOver = new Map<string, number>();
    const twice = new Set<string>();
    const realtime = started.ctx.realtime;
    const publish = realtime.publish.bind(realtime);
    realtime.publish = (topic, payload, opts) => {
      const ev = payload as { event?: string; data?: { bookingId?: string } };
      if (ev.event && ev.data?.bookingId) {
        const key = `${ev.event} ${ev.data.bookingId}`;
        if (handedOver.has(key)) twice.add(key);
        handedOver.set(key, monotonicMs());
      }
      return publish(topic, payload, opts);
    };

    const url = external ?? `${base.replace('http', 'ws')}/mqtt`;
    const specs: ClientSpec[] = Array.from({ length: CLIENTS }, (_, i) => {
      const u = users[i % USERS]!;
      return {
        url,
        username: 'bench',
        password: u.token,
        topic: `users/${u.userId}/events`,
      };
    });
    const groups = Math.ceil(CLIENTS / PER_PROCESS);
    console.log(
      `connecting ${CLIENTS} apps (${CLIENTS / USERS} per user) from ${groups} processes to ${external ?? '/mqtt'}…`,
    );
    for (let g = 0; g < groups; g++) processes.push(clientProcess());
    const connected = await Promise.all(
      processes.map((p, g) =>
        p.ask({ type: 'connect', clients: specs.filter((_, i) => i % groups === g) }, 'connected'),
      ),
    );
    const clientsConnected = connected.reduce((n, c) => n + c.count, 0);
    // The server's process with every app connected (this process: the server and the bench's own bits).
    const connectedMemoryMb = process.memoryUsage().rss / 2 ** 20;

    console.log(`booking: ${BOOKINGS} requests, ${CONCURRENCY} at a time…`);
    const latencies: number[] = [];
    const outcomes: Record<string, number> = {};
    const t0 = performance.now();
    await pool(
      CONCURRENCY,
      Array.from({ length: BOOKINGS }, (_, i) => async () => {
        const u = users[i % users.length]!;
        const start = performance.now();
        const res = await load.post(
          `${base}/api/bookings`,
          {
            'content-type': 'application/json',
            authorization: `Bearer ${u.token}`,
            'x-client-id': config.CLIENT_ID,
            'x-session-id': `bench-${i}`,
          },
          JSON.stringify({
            siteId: sites[i % sites.length],
            size: SIZES[Math.floor(i / sites.length) % SIZES.length],
            durationHours: 1,
          }),
        );
        latencies.push(performance.now() - start);
        const body = JSON.parse(res.body) as { state?: string; error?: { code: string } };
        const key = res.status === 201 ? String(body.state) : String(body.error?.code ?? res.status);
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 500)); // let the last events arrive
    const delays: number[] = [];
    for (const p of processes)
      for (const e of (await p.ask({ type: 'report' }, 'received')).events) {
        const sent = handedOver.get(e.id);
        if (sent !== undefined && !twice.has(e.id)) delays.push(e.at - sent);
      }

    console.log('');
    console.log(
      `database: ${started.ctx.database.kind}, broker: ${started.ctx.realtime.status().mode}, apps connected: ${clientsConnected} in ${groups} processes, server ${connectedMemoryMb.toFixed(0)} MB RSS with them`,
    );
    console.log(
      `bookings: ${BOOKINGS} in ${seconds.toFixed(2)} s = ${(BOOKINGS / seconds).toFixed(1)} /s (concurrency ${CONCURRENCY})`,
    );
    console.log(
      `  outcomes: ${Object.entries(outcomes)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(`  latency: median ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}`);
    console.log(
      `booking events, commit → each of the user's apps (${handedOver.size} events, ${twice.size} sent twice and left out; ${delays.length} arrivals):`,
    );
    console.log(
      `  median ${ms(pct(delays, 50))}, p99 ${ms(pct(delays, 99))} (goal ≤ ${LIVE_EVENTS_GOAL.p99Ms} ms with ${LIVE_EVENTS_GOAL.clients} apps connected)`,
    );

    // The JSON report is what later runs are compared against; the console lines are for people.
    const report = {
      at: new Date().toISOString(),
      database: started.ctx.database.kind,
      broker: started.ctx.realtime.status().mode,
      clientsConnected,
      clientProcesses: groups,
      connectedMemoryMb,
      bookings: {
        count: BOOKINGS,
        concurrency: CONCURRENCY,
        seconds,
        perSecond: BOOKINGS / seconds,
        outcomes,
      },
      bookingLatencyMs: { median: pct(latencies, 50), p99: pct(latencies, 99) },
      /** From the event's hand-over to the broker, just after its commit, to its arrival at each app on the user's topic. */
      eventDelayMs: {
        events: handedOver.size,
        arrivals: delays.length,
        median: pct(delays, 50),
        p99: pct(delays, 99),
      },
    };
    await writeReport('lockers', report);
  } finally {
    for (const p of processes) p.close();
    load.close();
    await started.stop();
  }
}

runBench(main);
