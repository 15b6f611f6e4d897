import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { lockerSites } from '../../apps/server/src/features/lockers/schema.ts';
import { pct, pool, startBenchServer } from './bench-server.ts';
import { runBench, writeReport } from './report.ts';

/**
 * Locker booking benchmark (docs/lockers.md): booking throughput, and how long an event takes from the
 * booking's transaction to a subscribed MQTT client, with many clients connected.
 *
 *   node --import tsx tools/bench/lockers.ts [--users 100] [--idle 400] [--bookings 500] [--concurrency 16]
 *   DATABASE_URL=postgres://… node --import tsx tools/bench/lockers.ts
 *
 * The server runs in this process on a free port (PGlite in a temporary folder unless DATABASE_URL
 * is set); every user's client connects over WebSocket /mqtt with its access token, as the app does.
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100' },
    idle: { type: 'string', default: '400' },
    bookings: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '16' },
  },
});
const USERS = Number(values.users);
const IDLE = Number(values.idle);
const BOOKINGS = Number(values.bookings);
const CONCURRENCY = Number(values.concurrency);
const SIZES = ['S', 'M', 'L', 'XL'] as const;

const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  const started = await startBenchServer();
  const { app, base, config } = started;
  const clients: MqttClient[] = [];
  try {
    for (const s of await started.ctx.database.db.select({ id: lockerSites.id }).from(lockerSites))
      await app.services.lockerDevices.heartbeat(s.id);
    const sites = ['bus-stand', 'railway-station', 'thiruthangal', 'sattur-road', 'ajna-college'];

    console.log(`signing up ${USERS} users…`);
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
        const phone = `9${String(100_000_000 + i).slice(0, 9)}`;
        await post('/api/auth/sign-up', { phone, name: `Bench ${i}` });
        const outbox = (await (await fetch(`${base}/api/dev/outbox?phone=91${phone}`)).json()) as {
          messages: Array<{ code: string }>;
        };
        const confirm = await post('/api/auth/confirm-sign-up', { phone, code: outbox.messages[0]!.code });
        const b = confirm.body as { userId: string; tokens: { accessToken: string } };
        return { userId: b.userId, token: b.tokens.accessToken };
      }),
    );

    console.log(`connecting ${USERS} user clients and ${IDLE} idle ones over WebSocket /mqtt…`);
    const delays: number[] = [];
    const wsUrl = `${base.replace('http', 'ws')}/mqtt`;
    const connect = (password: string) =>
      new Promise<MqttClient>((resolve, reject) => {
        const c = mqtt.connect(wsUrl, {
          username: 'bench',
          password,
          protocolVersion: 4,
          reconnectPeriod: 0,
          keepalive: 60,
        });
        c.once('connect', () => resolve(c));
        c.once('error', reject);
        // Refused (past BROKER_MAX_CONNECTIONS_PER_USER, say): fail, rather than wait for ever.
        c.once('close', () => reject(new Error('the broker closed the connection before accepting it')));
      });
    await pool(
      16,
      users.map((u) => async () => {
        const c = await connect(u.token);
        clients.push(c);
        await c.subscribeAsync(`users/${u.userId}/events`, { qos: 1 });
        c.on('message', (_t, payload) => {
          const ev = JSON.parse(payload.toString()) as {
            event: string;
            data: { booking?: { holdExpiresAt: string | null } };
          };
          // The hold's expiry is the booking transaction's clock + 5 min: the commit came just after.
          if (ev.event === 'bookingCreated' && ev.data.booking?.holdExpiresAt)
            delays.push(
              started.ctx.clock.now().getTime() -
                (new Date(ev.data.booking.holdExpiresAt).getTime() - 5 * 60_000),
            );
        });
      }),
    );
    await pool(
      16,
      Array.from({ length: IDLE }, (_, i) => async () => {
        const u = users[i % users.length]!;
        const c = await connect(u.token);
        clients.push(c);
        await c.subscribeAsync(`users/${u.userId}/events`, { qos: 1 });
      }),
    );

    console.log(`booking: ${BOOKINGS} requests, ${CONCURRENCY} at a time…`);
    const latencies: number[] = [];
    const outcomes: Record<string, number> = {};
    const t0 = performance.now();
    await pool(
      CONCURRENCY,
      Array.from({ length: BOOKINGS }, (_, i) => async () => {
        const u = users[i % users.length]!;
        const start = performance.now();
        const res = await post(
          '/api/bookings',
          {
            siteId: sites[i % sites.length],
            size: SIZES[Math.floor(i / sites.length) % SIZES.length],
            durationHours: 1,
          },
          {
            authorization: `Bearer ${u.token}`,
            'x-client-id': config.CLIENT_ID,
            'x-session-id': `bench-${i}`,
          },
        );
        latencies.push(performance.now() - start);
        const key =
          res.status === 201
            ? String((res.body as { state: string }).state)
            : String((res.body as { error: { code: string } }).error.code);
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 500)); // let the last events arrive

    console.log('');
    console.log(
      `database: ${started.ctx.database.kind}, broker: ${started.ctx.realtime.status().mode}, clients connected: ${clients.length}`,
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
    console.log(`event delivery (booking transaction → subscribed client), ${delays.length} events:`);
    console.log(`  median ${ms(pct(delays, 50))}, p99 ${ms(pct(delays, 99))}`);

    // The JSON report is what later runs are compared against; the console lines are for people.
    const report = {
      at: new Date().toISOString(),
      database: started.ctx.database.kind,
      broker: started.ctx.realtime.status().mode,
      clientsConnected: clients.length,
      bookings: {
        count: BOOKINGS,
        concurrency: CONCURRENCY,
        seconds,
        perSecond: BOOKINGS / seconds,
        outcomes,
      },
      bookingLatencyMs: { median: pct(latencies, 50), p99: pct(latencies, 99) },
      eventDelayMs: { events: delays.length, median: pct(delays, 50), p99: pct(delays, 99) },
    };
    await writeReport('lockers', report);
  } finally {
    for (const c of clients) c.end(true);
    await started.stop();
  }
}

runBench(main);
