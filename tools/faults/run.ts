/**
 * `npm run test:faults` (docs/deploy.md#fault-suite): two server processes on one PostgreSQL database and a
 * Redis of the suite's own; a browser on one hears what a request to the other did; then one of them is
 * killed with SIGKILL in the middle of a stream of orders and bookings sent to both, and started again.
 * Then: every request it acknowledged is there, whole; every request it never answered, sent again with
 * its Idempotency-Key, is made once and only once; nothing is half-made (no flow left open, stock equal
 * to what the live orders hold). Then races through both processes (races.ts), and Redis and after it
 * an external broker dying under load and coming back (outages.ts). FAULTS_DATABASE_URL names a
 * PostgreSQL database to create a scratch database beside (default: the CI's
 * `postgres://127.0.0.1:5432/test`).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { newShopper, type Session } from '../e2e/shopper.ts';
import { bookingHeard, brokerOutage, connectionsEnded, ordersWithoutLines, redisOutage } from './outages.ts';
import { lockerRace, stockRace, timersOnce } from './races.ts';
import {
  call,
  freeze,
  kill,
  listening,
  mosquitto,
  ready,
  redis,
  type Server,
  server,
  start,
  stop,
  thaw,
} from './services.ts';

const ADMIN_URL =
  process.env.FAULTS_DATABASE_URL ?? `postgres://${process.env.PGUSER ?? 'root'}@127.0.0.1:5432/test`;
const SHOP = 'sri-murugan-stores';
const VARIANTS = ['murugan-ponni-raw-rice-10kg', 'murugan-toor-dal-1kg', 'murugan-moong-dal-500g'];
const SITES = ['bus-stand', 'railway-station', 'sattur-road'];
const WORKERS = 12;
const STREAM_MS = 5_000;
const KILL_AFTER_MS = 2_000;

interface Sent {
  /** The process it was sent to. */
  at: Server;
  kind: 'order' | 'booking';
  who: Session;
  key: string;
  body: Record<string, unknown>;
  status: number | null;
  id: string | null;
}

const scratch = `petti_faults_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${scratch}`);
await admin.query(`create database ${scratch}`);
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${scratch}`;
  return u.toString();
})();
const dataDir = await mkdtemp(join(tmpdir(), 'petti-faults-'));

async function send(s: Sent): Promise<void> {
  const path = s.kind === 'order' ? '/orders' : '/bookings';
  try {
    const res = await call(s.at, s.who, 'POST', path, s.body, s.key);
    s.status = res.status;
    const json = (await res.json().catch(() => ({}))) as { id?: string };
    s.id = res.ok ? (json.id ?? null) : null;
    if (!res.ok && refusals.size < 5)
      refusals.add(`${s.kind} ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  } catch {
    s.status = null; // no answer: the server died under it
  }
}

const refusals = new Set<string>();
let failures = 0;
const check = (ok: boolean, what: string) => {
  if (!ok) failures++;
  console.log(`${ok ? '  ✓' : '  ✗'} ${what}`);
};

// A (with the locker simulator) and B, on one database and one Redis; A is the one killed.
const r = await redis();
const a = await server('a', { DATABASE_URL: dbUrl, REDIS_URL: r.url, LOCKER_SIM: 'true' }, { dataDir });
const b = await server('b', { DATABASE_URL: dbUrl, REDIS_URL: r.url, LOCKER_SIM: 'false' }, { dataDir });
let c: Server | null = null;
let m: Awaited<ReturnType<typeof mosquitto>> | null = null;
try {
  start(r);
  await listening(r);
  start(a);
  await ready(a);
  start(b);
  await ready(b);
  const shoppers = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) => newShopper(a.baseUrl, `Fault ${i}`)),
  );
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // The shop open all day and plenty in stock, so refusals are about the crash, not the shop.
  await db.query(`update sellers set opens_at = '00:00', closes_at = '23:59' where id = $1`, [SHOP]);
  await db.query(
    `update product_variants set inventory = 100000, always_inventory = false where id = any($1)`,
    [VARIANTS],
  );
  const prices = new Map(
    (await db.query(`select id, price_paise from product_variants where id = any($1)`, [VARIANTS])).rows.map(
      (r) => [r.id as string, Number(r.price_paise) / 100],
    ),
  );
  const orderBody = (i: number) => ({
    sellerId: SHOP,
    items: [
      {
        vrntId: VARIANTS[i % VARIANTS.length],
        quantity: 1 + (i % 3),
        productPrice: prices.get(VARIANTS[i % VARIANTS.length]!),
      },
    ],
    deliveryType: 'curbside',
    vehicleNo: 'TN 67 AB 1234',
  });
  const before = new Map(
    (await db.query(`select id, inventory from product_variants where id = any($1)`, [VARIANTS])).rows.map(
      (r) => [r.id as string, Number(r.inventory)],
    ),
  );

  // A browser connected to B hears what a request to A did (the embedded broker shared through Redis).
  const watcher = shoppers[0]!;
  const event = await bookingHeard(
    a,
    `ws://127.0.0.1:${b.port}/mqtt`,
    { username: watcher.userId, password: watcher.accessToken },
    watcher,
  );
  check(event === 'bookingCreated', `a browser on B heard "${event}" about a booking made on A`);

  console.log(
    `Streaming orders and bookings from ${WORKERS} shoppers to two processes; SIGKILL to A after ${KILL_AFTER_MS} ms`,
  );
  const sent: Sent[] = [];
  let streaming = true;
  const started = Date.now();
  // Once A is killed the stream goes on through B only: what A never answered is retried later.
  let aKilled = false;
  let underWayAtA = 0;
  const worker = async (who: Session, n: number) => {
    for (let i = 0; streaming && Date.now() - started < STREAM_MS; i++) {
      // Each shopper may hold five bookings at once: mostly orders, a booking now and then.
      const kind = (i + n) % 6 === 0 ? 'booking' : 'order';
      const s: Sent =
        kind === 'order'
          ? {
              at: i % 2 === 0 && !aKilled ? a : b,
              kind,
              who,
              key: `fault-${randomUUID()}`,
              body: orderBody(i),
              status: null,
              id: null,
            }
          : {
              at: i % 2 === 0 && !aKilled ? a : b,
              kind,
              who,
              key: `fault-${randomUUID()}`,
              body: { siteId: SITES[(i + n) % SITES.length], size: 'S', durationHours: 1 },
              status: null,
              id: null,
            };
      sent.push(s);
      if (s.at === a) underWayAtA += 1;
      await send(s);
      if (s.at === a) underWayAtA -= 1;
    }
  };
  const streams = shoppers.map((who, n) => worker(who, n));
  await delay(KILL_AFTER_MS);
  // Killed with requests under way at A, so that some die with it, their flows half-done: what this
  // phase is for. Counting them from here was not enough: an answer A had already written still counted
  // until this process read it, and runs in CI killed A with every request answered. So A is frozen
  // first (nothing more leaves it), answers already sent are given time to arrive, and it is killed only
  // with requests still unanswered; else thawed, and tried again a moment later.
  let underWayAtKill = 0;
  for (const waitUntil = Date.now() + 10_000; underWayAtKill === 0 && Date.now() < waitUntil; ) {
    while (underWayAtA < 3 && Date.now() < waitUntil) await delay(1);
    freeze(a);
    await delay(250);
    underWayAtKill = underWayAtA;
    if (underWayAtKill === 0) thaw(a);
  }
  kill(a);
  aKilled = true;
  await Promise.all(streams);
  streaming = false;
  const acked = sent.filter((s) => s.status !== null && s.status < 300 && s.id);
  const lost = sent.filter((s) => s.status === null);
  console.log(
    `  ${sent.length} sent, ${acked.length} acknowledged, ${lost.length} with no answer; restarting`,
  );
  for (const r of refusals) console.log(`    refused: ${r}`);
  const tally = new Map<string, number>();
  for (const x of sent) {
    const k = `${x.kind} ${x.status ?? 'no answer'}`;
    tally.set(k, (tally.get(k) ?? 0) + 1);
  }
  console.log(`    ${[...tally].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  check(acked.length > 20, 'the stream was under way when the server died');
  check(
    lost.length > 0,
    `some requests died with it, unanswered (${lost.length}; ${underWayAtKill} were under way at A)`,
  );

  start(a);
  await ready(a);
  // Flows the dead process left open are undone once their lease runs out.
  const until = Date.now() + 60_000;
  while ((await db.query('select count(*)::int as n from flow_runs')).rows[0].n > 0 && Date.now() < until)
    await delay(500);
  check(
    (await db.query('select count(*)::int as n from flow_runs')).rows[0].n === 0,
    'no flow is left half-done',
  );

  for (const s of acked) {
    // Asked of the other process than the one that made it.
    const other = s.at === a ? b : a;
    const res = await call(other, s.who, 'GET', `/${s.kind === 'order' ? 'orders' : 'bookings'}/${s.id}`);
    if (res.status !== 200) check(false, `acknowledged ${s.kind} ${s.id} is there (${res.status})`);
  }
  check(true, `every acknowledged order and booking is there (${acked.length})`);

  // Unanswered requests, sent again with their keys: made once, and a second retry answers the same.
  for (const s of lost) {
    const first = { ...s };
    await send(first);
    // The same key again, through the other process.
    const again = { ...s, at: s.at === a ? b : a };
    await send(again);
    if (first.status === null || first.status >= 500 || (first.id && again.id !== first.id))
      check(
        false,
        `retried ${s.kind} ${s.key}: ${first.status} ${first.id} then ${again.status} ${again.id}`,
      );
  }
  check(true, `every unanswered request, retried with its key, is made at most once (${lost.length})`);

  const dupOrders = await db.query(
    'select user_id, request_key, count(*)::int as n from orders where request_key is not null group by 1, 2 having count(*) > 1',
  );
  check(dupOrders.rowCount === 0, 'no order was made twice for one key');
  // Stock: what each variant lost is exactly what the orders still holding stock hold.
  const held = await db.query(
    `select i.vrnt_id, sum(i.quantity)::int as q from order_items i join orders o on o.id = i.order_id
      where o.state not in ('cancelled', 'timed_out') and i.vrnt_id = any($1) group by 1`,
    [VARIANTS],
  );
  const now = await db.query('select id, inventory from product_variants where id = any($1)', [VARIANTS]);
  const heldBy = new Map(held.rows.map((r) => [r.vrnt_id as string, Number(r.q)]));
  for (const r of now.rows) {
    const lostStock = before.get(r.id)! - Number(r.inventory);
    check(
      lostStock === (heldBy.get(r.id) ?? 0),
      `stock of ${r.id}: ${lostStock} taken = ${heldBy.get(r.id) ?? 0} held by live orders`,
    );
  }
  check((await ordersWithoutLines(db)) === 0, 'no order without its lines');

  // Races through both processes, by shoppers with no bookings yet (each may hold five).
  console.log('Races through both processes');
  const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => newShopper(a.baseUrl, `Racer ${i}`)));
  const raceCtx = { db, shoppers: racers, check };
  await stockRace([a, b], raceCtx);
  await lockerRace([a, b], raceCtx);
  await timersOnce(raceCtx, before);

  // Outages: fresh shoppers, so the bookings that probe live events are not refused for too many.
  const outageShoppers = await Promise.all(
    Array.from({ length: 6 }, (_, i) => newShopper(a.baseUrl, `Outage ${i}`)),
  );
  const ctx = { shoppers: outageShoppers, db, orderBody, check };
  await connectionsEnded([a, b], admin, scratch, ctx);
  await redisOutage([a, b], r, ctx);

  // An external broker instead: the two servers stop, one starts on the same database with MQTT_URL.
  await Promise.all([stop(a), stop(b)]);
  m = await mosquitto(dataDir);
  start(m);
  await listening(m);
  c = await server('c', { DATABASE_URL: dbUrl, MQTT_URL: m.url, LOCKER_SIM: 'true' }, { dataDir });
  start(c);
  await ready(c);
  await brokerOutage(c, m, ctx);
  await db.end();
} finally {
  for (const p of [a, b, c, r, m]) if (p) kill(p);
  await delay(500);
  await admin.query(`drop database if exists ${scratch} with (force)`).catch(() => undefined);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(failures === 0 ? '\nFault suite: passed' : `\nFault suite: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
