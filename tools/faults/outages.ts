import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import mqtt from 'mqtt';
import type pg from 'pg';
import type { Session } from '../e2e/shopper.ts';
import {
  alive,
  becomesReady,
  call,
  isReady,
  kill,
  listening,
  type Proc,
  type Server,
  start,
} from './services.ts';

/**
 * The fault suite's outages (docs/deploy.md#fault-suite): PostgreSQL ending the servers' connections,
 * then Redis, then an external broker, killed and started again while orders stream in. Orders need neither (they are PostgreSQL's), so every one
 * must be answered and made; the servers must stay up, say they are unready meanwhile, be ready
 * again after, and publish every event committed during the outage once it is over.
 */

export interface OutageContext {
  shoppers: Session[];
  db: pg.Client;
  orderBody: (i: number) => Record<string, unknown>;
  check: (ok: boolean, what: string) => void;
}

const DOWN_AFTER_MS = 1_000;
const DOWN_FOR_MS = 2_000;
const STREAM_MS = 5_000;

/** Orders from every shopper to the servers in turn, while `outage` runs; the answers' statuses. */
async function streamDuring(
  targets: Server[],
  ctx: OutageContext,
  outage: () => Promise<void>,
): Promise<Array<number | null>> {
  const statuses: Array<number | null> = [];
  const started = Date.now();
  const worker = async (who: Session, n: number) => {
    for (let i = 0; Date.now() - started < STREAM_MS; i++) {
      const at = targets[(i + n) % targets.length]!;
      const res = await call(at, who, 'POST', '/orders', ctx.orderBody(i), `outage-${randomUUID()}`).catch(
        () => null,
      );
      statuses.push(res?.status ?? null);
      await res?.body?.cancel();
    }
  };
  await Promise.all([...ctx.shoppers.map(worker), outage()]);
  return statuses;
}

/** Kills a service, checks the servers say they are unready, starts it again on its port. */
async function outage(
  service: Proc,
  servers: Server[],
  ctx: OutageContext,
  waiting: { events: number },
): Promise<void> {
  await delay(DOWN_AFTER_MS);
  kill(service);
  await delay(DOWN_FOR_MS / 2);
  const readiness = await Promise.all(servers.map(isReady));
  ctx.check(
    readiness.every((r) => !r),
    `with ${service.name} down every server says it is unready (${readiness.join(', ')})`,
  );
  await delay(DOWN_FOR_MS / 2);
  waiting.events = await pendingEvents(ctx.db);
  start(service);
  await listening(service);
}

/** Orders with no lines: half-made, which no failure may leave. */
export const ordersWithoutLines = async (db: pg.Client) =>
  (
    await db.query(
      'select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)',
    )
  ).rows[0].n as number;

const pendingEvents = async (db: pg.Client) =>
  (await db.query('select count(*)::int as n from event_outbox where flow_run_id is null')).rows[0]
    .n as number;

async function outboxDrains(db: pg.Client, ms = 30_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if ((await pendingEvents(db)) === 0) return true;
    await delay(250);
  }
  return false;
}

/** The event a client of `url` listening as `who` hears about a booking made through `via`. */
export async function bookingHeard(
  via: Server,
  url: string,
  auth: { username?: string; password?: string },
  who: Session,
): Promise<string | null> {
  const client = await mqtt.connectAsync(url, { ...auth, protocolVersion: 4, reconnectPeriod: 0 });
  try {
    await client.subscribeAsync(`users/${who.userId}/events`, { qos: 1 });
    const heard = new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 10_000);
      client.on('message', (_topic, payload) => {
        clearTimeout(timer);
        resolve(JSON.parse(payload.toString()).event as string);
      });
    });
    const res = await call(
      via,
      who,
      'POST',
      '/bookings',
      { siteId: 'bus-stand', size: 'M', durationHours: 1 },
      `outage-${randomUUID()}`,
    );
    if (res.status !== 201) return `booking refused (${res.status}: ${(await res.text()).slice(0, 200)})`;
    return await heard;
  } finally {
    await client.endAsync(true);
  }
}

function summary(statuses: Array<number | null>): string {
  const tally = new Map<string, number>();
  for (const s of statuses)
    tally.set(String(s ?? 'no answer'), (tally.get(String(s ?? 'no answer')) ?? 0) + 1);
  return [...tally].map(([k, n]) => `${k}: ${n}`).join(', ');
}

/** Redis under two servers sharing the embedded broker dies and comes back. */
export async function redisOutage(servers: [Server, Server], redis: Proc, ctx: OutageContext): Promise<void> {
  const [a, b] = servers;
  console.log(
    `Redis killed ${DOWN_AFTER_MS} ms into a stream of orders to both servers, back ${DOWN_FOR_MS} ms later`,
  );
  const waiting = { events: 0 };
  const statuses = await streamDuring(servers, ctx, () => outage(redis, servers, ctx, waiting));
  console.log(`    ${summary(statuses)}`);
  ctx.check(statuses.length > 20 && statuses.every((s) => s === 201), 'every order was answered and made');
  ctx.check(alive(a) && alive(b), 'both servers are still running');
  const again = await Promise.all(servers.map((s) => becomesReady(s, 30_000)));
  ctx.check(again.every(Boolean), 'both servers are ready again');
  ctx.check(
    waiting.events > 0 && (await outboxDrains(ctx.db)),
    `every event committed meanwhile is published (${waiting.events} waited for it to come back)`,
  );
  const watcher = ctx.shoppers[0]!;
  const event = await bookingHeard(
    a,
    `ws://127.0.0.1:${b.port}/mqtt`,
    { username: watcher.userId, password: watcher.accessToken },
    watcher,
  );
  ctx.check(event === 'bookingCreated', `after it, a browser on B hears a booking made on A ("${event}")`);
}

/**
 * PostgreSQL ends every connection of the servers twice, 500 ms apart (as a restart or an
 * administrator would), while orders stream in: the orders whose statements were on those
 * connections fail, every other one is made, and the servers stay up and open new connections.
 */
export async function connectionsEnded(
  servers: [Server, Server],
  admin: pg.Client,
  database: string,
  ctx: OutageContext,
): Promise<void> {
  console.log(`PostgreSQL ends the servers' connections ${DOWN_AFTER_MS} ms into a stream of orders, twice`);
  const own = (await ctx.db.query('select pg_backend_pid() as pid')).rows[0].pid as number;
  let ended = 0;
  const statuses = await streamDuring(servers, ctx, async () => {
    await delay(DOWN_AFTER_MS);
    for (let round = 0; round < 2; round++) {
      const { rows } = await admin.query(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = $1 and pid <> $2 and backend_type = 'client backend'`,
        [database, own],
      );
      ended += rows[0].n as number;
      await delay(500);
    }
  });
  console.log(`    ${summary(statuses)}; ${ended} connections ended`);
  ctx.check(ended > 0, 'connections were ended under way');
  ctx.check(
    statuses.length > 20 && statuses.every((s) => s === 201 || s === 500),
    'every order was answered: made, or refused as failed',
  );
  ctx.check(statuses.filter((s) => s === 201).length > statuses.length / 2, 'most orders were made');
  ctx.check(servers.every(alive), 'both servers are still running');
  const again = await Promise.all(servers.map((s) => becomesReady(s, 30_000)));
  ctx.check(again.every(Boolean), 'both servers are ready again');
  const after = await Promise.all(
    ctx.shoppers.map(async (who, i) => {
      const res = await call(
        servers[i % 2]!,
        who,
        'POST',
        '/orders',
        ctx.orderBody(i),
        `after-${randomUUID()}`,
      );
      await res.body?.cancel();
      return res.status;
    }),
  );
  ctx.check(
    after.every((s) => s === 201),
    `after it, every order is made (${after.join(', ')})`,
  );
  ctx.check((await ordersWithoutLines(ctx.db)) === 0, 'no order without its lines');
}

/** An external broker under a server dies and comes back. */
export async function brokerOutage(
  server: Server,
  broker: Proc & { url: string },
  ctx: OutageContext,
): Promise<void> {
  console.log(
    `The external broker killed ${DOWN_AFTER_MS} ms into a stream of orders, back ${DOWN_FOR_MS} ms later`,
  );
  const waiting = { events: 0 };
  const statuses = await streamDuring([server], ctx, () => outage(broker, [server], ctx, waiting));
  console.log(`    ${summary(statuses)}`);
  ctx.check(statuses.length > 20 && statuses.every((s) => s === 201), 'every order was answered and made');
  ctx.check(alive(server), 'the server is still running');
  ctx.check(await becomesReady(server, 30_000), 'the server is ready again');
  ctx.check(
    waiting.events > 0 && (await outboxDrains(ctx.db)),
    `every event committed meanwhile is published (${waiting.events} waited for it to come back)`,
  );
  const event = await bookingHeard(server, broker.url, {}, ctx.shoppers[1]!);
  ctx.check(event === 'bookingCreated', `after it, a client of the broker hears a booking ("${event}")`);
}
