import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import type { Session } from '../e2e/shopper.ts';
import { call, type Server } from './services.ts';

/**
 * The fault suite's races across two processes (docs/deploy.md#fault-suite): the last units of a
 * product and the last lockers of a size wanted at once through both, and timers both processes'
 * workers compete for. Correct means no oversell, no locker held twice, every timer's work done once.
 */
export interface RaceContext {
  db: pg.Client;
  /** Shoppers with no bookings yet (each may hold five). */
  shoppers: Session[];
  check: (ok: boolean, what: string) => void;
}

const SHOP = 'sri-murugan-stores';
const SCARCE = 'murugan-moong-dal-500g';
const SCARCE_PRODUCT = 'murugan-moong-dal';
const UNITS = 20;

/** `count` requests sent at once, in turn through each server and from each shopper; their statuses. */
function allAtOnce(servers: Server[], ctx: RaceContext, count: number, path: string, body: unknown) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      call(
        servers[i % servers.length]!,
        ctx.shoppers[i % ctx.shoppers.length]!,
        'POST',
        path,
        body,
        `race-${randomUUID()}`,
      ).then(async (r) => {
        await r.body?.cancel();
        return r.status;
      }),
    ),
  );
}

/** The scarce variant's stock as one process's catalogue answers it (kept in its memory). */
async function shownStock(s: Server): Promise<number> {
  const res = await fetch(`${s.baseUrl}/api/products/${SCARCE_PRODUCT}`);
  const { product } = (await res.json()) as {
    product: { variants: Array<{ vrntId: string; inventory: number }> };
  };
  return product.variants.find((v) => v.vrntId === SCARCE)!.inventory;
}

/** Until both processes show `units`, or 5 s: what each shows last. */
async function bothShow(servers: Server[], units: number): Promise<number[]> {
  const until = Date.now() + 5000;
  for (;;) {
    const shown = await Promise.all(servers.map(shownStock));
    if (shown.every((n) => n === units) || Date.now() > until) return shown;
    await delay(50);
  }
}

export async function stockRace([a, b]: [Server, Server], ctx: RaceContext): Promise<void> {
  const { db } = ctx;
  // Both processes keep the product's answer from here on (docs/performance.md#reads).
  await Promise.all([a, b].map(shownStock));
  const before = Number(
    (await db.query('select inventory from product_variants where id = $1', [SCARCE])).rows[0].inventory,
  );
  await db.query('update product_variants set inventory = $2 where id = $1', [SCARCE, UNITS]);
  const price =
    Number(
      (await db.query('select price_paise from product_variants where id = $1', [SCARCE])).rows[0]
        .price_paise,
    ) / 100;
  const body = {
    sellerId: SHOP,
    items: [{ vrntId: SCARCE, quantity: 1, productPrice: price }],
    deliveryType: 'curbside',
    vehicleNo: 'TN 67 AB 1234',
  };
  const wanted = UNITS * 2;
  const answers = await allAtOnce([a, b], ctx, wanted, '/orders', body);
  const made = answers.filter((s) => s === 201).length;
  const left = Number(
    (await db.query('select inventory from product_variants where id = $1', [SCARCE])).rows[0].inventory,
  );
  console.log(`    ${wanted} orders for the last ${UNITS} units through both: ${summary(answers)}`);
  ctx.check(
    made === UNITS && left === 0 && answers.every((s) => s === 201 || (s >= 400 && s < 500)),
    `the last ${UNITS} units are sold once each (${made} made, ${left} left), the rest refused`,
  );
  // Each process's kept answer follows what orders through either process, and psql, did to the stock.
  const shown = await bothShow([a, b], left);
  ctx.check(
    shown.every((n) => n === left),
    `both processes' kept catalogue answers show the stock left (${shown.join(', ')}; ${left} in the database)`,
  );
  // Back to what it was less what the race's orders hold, so the stock adds up again when they time out.
  await db.query('update product_variants set inventory = $2 where id = $1', [SCARCE, before - made]);
  const restored = await bothShow([a, b], before - made);
  ctx.check(
    restored.every((n) => n === before - made),
    `a change made in the database itself reaches both processes' kept answers (${restored.join(', ')})`,
  );
}

export async function lockerRace([a, b]: [Server, Server], ctx: RaceContext): Promise<void> {
  const res = await fetch(`${a.baseUrl}/api/locker-locations`);
  const { sites } = (await res.json()) as {
    sites: Array<{ id: string; openNow: boolean; sizes: Array<{ size: string; free: number }> }>;
  };
  // The size with the fewest free lockers that the shoppers can still outnumber, at a site open now
  // (a closed site refuses every booking: the suite runs at any hour).
  const capacity = ctx.shoppers.length * 5;
  const [site, size] = sites
    .filter((s) => s.openNow)
    .flatMap((s) => s.sizes.map((z) => [s, z] as const))
    .filter(([, z]) => z.free >= 3 && z.free * 2 <= capacity)
    .sort(([, x], [, y]) => x.free - y.free)[0]!;
  const wanted = Math.min(capacity, size.free * 2);
  const answers = await allAtOnce([a, b], ctx, wanted, '/bookings', {
    siteId: site.id,
    size: size.size,
    durationHours: 1,
  });
  // A booking beyond the free lockers joins the waitlist (201 too, with no locker).
  const held = await ctx.db.query(
    `select locker_id, count(*)::int as n from bookings
      where site_id = $1 and size = $2 and state not in ('ended', 'timed_out', 'cancelled') and locker_id is not null
      group by 1`,
    [site.id, size.size],
  );
  const lockersHeld = held.rowCount ?? 0;
  const heldTwice = held.rows.filter((r) => r.n > 1).length;
  console.log(
    `    ${wanted} bookings for the ${size.free} free ${size.size} lockers at ${site.id}: ${summary(answers)}`,
  );
  ctx.check(
    lockersHeld === size.free && heldTwice === 0 && answers.every((s) => s === 201 || (s >= 400 && s < 500)),
    `the ${size.free} free lockers are each held once (${lockersHeld} held, ${heldTwice} twice); the rest waitlisted or refused`,
  );
}

/**
 * Every unpaid order's payment hold made due at once, for both processes' timer workers to take:
 * each order times out once, and each product gets back exactly what its orders held.
 */
export async function timersOnce(ctx: RaceContext, initialStock: Map<string, number>): Promise<void> {
  const { db } = ctx;
  // The order's own hold must have run out too: a timer that fires early changes nothing.
  await db.query(`update orders set hold_expires_at = now() where state = 'awaiting_payment'`);
  const due = await db.query(
    `update timers set due_at = now() where kind = 'order.payment-hold' and dead_at is null`,
  );
  console.log(`    ${due.rowCount} payment holds made due at once`);
  const until = Date.now() + 60_000;
  const pending = async () =>
    (
      await db.query(
        `select count(*)::int as n from timers where kind = 'order.payment-hold' and dead_at is null`,
      )
    ).rows[0].n as number;
  while ((await pending()) > 0 && Date.now() < until) await delay(250);
  ctx.check((await pending()) === 0, `the two processes' workers took every payment hold (${due.rowCount})`);
  const twice = await db.query(
    `select order_id from order_state_log where state = 'timed_out' group by 1 having count(*) > 1`,
  );
  const unpaid = await db.query(`select count(*)::int as n from orders where state = 'awaiting_payment'`);
  ctx.check(
    twice.rowCount === 0 && unpaid.rows[0].n === 0,
    `every unpaid order timed out, once (${twice.rowCount} twice, ${unpaid.rows[0].n} still waiting)`,
  );
  const now = await db.query('select id, inventory from product_variants where id = any($1)', [
    [...initialStock.keys()],
  ]);
  for (const r of now.rows)
    ctx.check(
      Number(r.inventory) === initialStock.get(r.id),
      `stock of ${r.id} is back to ${initialStock.get(r.id)} (${r.inventory})`,
    );
}

function summary(statuses: number[]): string {
  const tally = new Map<number, number>();
  for (const s of statuses) tally.set(s, (tally.get(s) ?? 0) + 1);
  return [...tally].map(([k, n]) => `${k}: ${n}`).join(', ');
}
