import { LOCKER_HOLDING_STATES } from '@petti/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPetti } from '../../bootstrap.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { createEventOutbox } from '../../platform/events/outbox.ts';
import { createTransactor } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { timers } from '../../platform/jobs/schema.ts';
import { createJobWorker } from '../../platform/jobs/worker.ts';
import { buildTestApp, onPostgres, type TestApp, testConfig } from '../../test/helper.ts';
import { HOUR, heartbeatAll, MIN, shopper } from '../../test/locker-helpers.ts';
import { bookings } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
});
afterAll(() => t.close());

const where = onPostgres ? 'PostgreSQL' : 'PGlite (one query at a time: the race is real only on PostgreSQL)';

/** Pairs of live bookings that overlap on one locker: must always be none. */
async function overlaps(db: Database['db']) {
  const rows = await db.execute(sql`
    select a.id as a, b.id as b from bookings a join bookings b
      on a.locker_id = b.locker_id and a.id < b.id and a.during && b.during
    where a.state in ('awaiting_payment','scheduled','reserved','active','expired')
      and b.state in ('awaiting_payment','scheduled','reserved','active','expired')`);
  return (rows as unknown as { rows: unknown[] }).rows;
}

describe(`many people booking the last lockers at once (${where})`, () => {
  it('gives each locker to at most one booking; everyone else is waitlisted with offers', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => shopper(t)));
    // sattur-road has two XL lockers.
    const answers = await Promise.all(
      people.map((p) =>
        p.call('POST', '/api/bookings', { siteId: 'sattur-road', size: 'XL', durationHours: 2 }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const bodies = answers.map((a) => a.json());
    const held = bodies.filter((b) => b.state === 'awaiting_payment');
    const waiting = bodies.filter((b) => b.state === 'waitlisted');
    expect(held).toHaveLength(2);
    expect(new Set(held.map((b) => b.locker.id)).size).toBe(2);
    expect(waiting).toHaveLength(10);
    for (const w of waiting) {
      const o = w.offers;
      expect(o.otherSizes.length + o.otherSites.length + (o.sameSizeLater ? 1 : 0)).toBeGreaterThan(0);
      expect(o.sameSizeLater.startsAt).toBe(held[0].endsAt);
    }
    expect(await overlaps(t.ctx.database.db)).toEqual([]);
  });

  it('refuses, in the database itself, a second live booking overlapping one locker', async () => {
    const u = await shopper(t);
    const b = await u.book({ siteId: 'bus-stand', size: 'XL', durationHours: 4 });
    const row = (await t.ctx.database.db.select().from(bookings).where(eq(bookings.id, b.id)))[0]!;
    const clash = {
      ...row,
      id: newId(),
      requestKey: null,
      startsAt: new Date(row.startsAt.getTime() + HOUR),
      endsAt: new Date(row.startsAt.getTime() + 2 * HOUR),
      occupiedUntil: new Date(row.startsAt.getTime() + 2 * HOUR),
      state: 'reserved' as const,
      pin: null,
    };
    const { during: _during, ...values } = clash;
    const err = await t.ctx.database.db
      .insert(bookings)
      .values(values)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).not.toBeNull();
    expect(
      JSON.stringify(err, Object.getOwnPropertyNames(err)) + String((err as { cause?: unknown }).cause),
    ).toMatch(/23P01|bookings_no_overlap/);
    // Back to back is fine, and so is an overlap with a finished booking.
    await t.ctx.database.db.insert(bookings).values({
      ...values,
      id: newId(),
      startsAt: row.occupiedUntil!,
      endsAt: new Date(row.occupiedUntil!.getTime() + HOUR),
      occupiedUntil: new Date(row.occupiedUntil!.getTime() + HOUR),
    });
    await t.ctx.database.db.insert(bookings).values({ ...values, id: newId(), state: 'ended' });
    const live = await t.ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.lockerId, row.lockerId!), inArray(bookings.state, [...LOCKER_HOLDING_STATES])));
    expect(Number(live[0]!.n)).toBe(2);
  });
});

describe(`timers (${where})`, () => {
  it('survive a restart: another process on the same database fires them', async () => {
    const u = await shopper(t);
    const held = await u.book({ siteId: 'thiruthangal', size: 'L', durationHours: 1 });
    expect(held.state).toBe('awaiting_payment');
    // A second server process (as after a restart) with its own services, on the same data.
    const other = await startPetti({
      config: testConfig(),
      database: t.ctx.database,
      realtime: t.ctx.realtime,
      clock: t.clock,
    });
    try {
      t.clock.advance(5 * MIN);
      expect(await other.app.services.jobs.runDueJobs()).toBeGreaterThan(0);
      expect((await u.get(held.id)).state).toBe('timed_out');
    } finally {
      await other.close();
    }
  });

  it('two workers never fire one timer twice', async () => {
    const db = t.ctx.database.db;
    const N = 120;
    const due = new Date(t.clock.now().getTime() - 1000);
    await db.insert(timers).values(
      Array.from({ length: N }, (_, i) => ({
        id: newId(),
        kind: 'test-probe',
        dueAt: due,
        data: { i },
        createdAt: due,
      })),
    );
    // On PostgreSQL the second worker has its own connection pool: a separate process as far as locks go.
    let second: Database | null = null;
    if (onPostgres) {
      const result = (await db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      };
      const name = result.rows[0]!.name;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      second = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    }
    const fired: number[] = [];
    const makeWorker = (database: Database['db']) => {
      const log = t.app.log;
      const outbox = createEventOutbox({ db: database, realtime: t.ctx.realtime, clock: t.clock, log });
      return createJobWorker({
        db: database,
        clock: t.clock,
        log,
        outbox,
        transactor: createTransactor(database, outbox, log),
        pollMs: 1000,
        handlers: {
          'test-probe': async (tx, timer) => {
            fired.push(timer.data.i as number);
            // Hold the row a moment so the other worker really meets the lock.
            await tx.execute(sql`select pg_sleep(0.002)`);
          },
        },
      });
    };
    try {
      const a = makeWorker(db);
      const b = makeWorker(second?.db ?? db);
      const [na, nb] = await Promise.all([a.runDueJobs(), b.runDueJobs()]);
      expect(na + nb).toBeGreaterThanOrEqual(N);
      expect(fired).toHaveLength(N);
      expect(new Set(fired).size).toBe(N);
      if (onPostgres) expect(Math.min(na, nb)).toBeGreaterThan(0); // both really worked
      const left = await db.select().from(timers).where(eq(timers.kind, 'test-probe'));
      expect(left).toEqual([]);
    } finally {
      await second?.close();
    }
  });
});
