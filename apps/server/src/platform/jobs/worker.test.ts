import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_OPS_TOKEN } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { timers } from './schema.ts';
import { createJobWorker, schedule } from './worker.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the timer worker with kinds registered by a feature', () => {
  it('fires a registered kind once, runs the sweeps on every pass, and refuses a kind twice', async () => {
    const { jobs } = t.app.services;
    const db = t.ctx.database.db;
    const fired: string[] = [];
    let swept = 0;
    jobs.register({
      handlers: {
        'test.ping': async (_tx, timer) => {
          fired.push(String(timer.data.note));
        },
      },
      sweep: async () => {
        swept += 1;
        return 2;
      },
    });
    expect(() => jobs.register({ handlers: { 'test.ping': async () => {} } })).toThrow(/registered twice/);
    expect(() => jobs.register({ leased: { 'order.refund': async () => {} } })).toThrow(/registered twice/);

    const id = await schedule(db, t.clock, {
      kind: 'test.ping',
      dueAt: new Date(t.clock.now().getTime() + 60_000),
      data: { note: 'hello' },
    });
    // Not due yet: only the sweep counts.
    expect(await jobs.runDueJobs()).toBe(2);
    expect(fired).toEqual([]);
    t.clock.advance(60_000);
    expect(await jobs.runDueJobs()).toBe(3);
    expect(await jobs.runDueJobs()).toBe(2);
    expect(fired).toEqual(['hello']);
    expect(swept).toBe(3);
    expect(await db.select().from(timers).where(eq(timers.id, id))).toEqual([]);
  });

  it('keeps a re-arm committed while a leased run ran: the lease ends, the re-armed timer fires again', async () => {
    const { jobs } = t.app.services;
    const db = t.ctx.database.db;
    const key = 'test.rearm:one';
    const runs: number[] = [];
    let rearm = 2;
    let failNext = false;
    jobs.register({
      leased: {
        'test.rearm': async (timer) => {
          runs.push(timer.attempts);
          // Another transaction needs the same work done again (a refund while a transfer runs).
          if (rearm-- > 0) await schedule(db, t.clock, { kind: 'test.rearm', key, dueAt: t.clock.now() });
          if (failNext) throw new Error('the provider was down');
        },
      },
    });
    await schedule(db, t.clock, { kind: 'test.rearm', key, dueAt: t.clock.now() });
    const row = async () => (await db.select().from(timers).where(eq(timers.key, key)))[0];
    await jobs.runDueJobs({ limit: 1 });
    // The run's end did not take the re-arm with it: due now, its attempts reset.
    expect(runs).toEqual([0]);
    expect(await row()).toMatchObject({ attempts: 0, dueAt: t.clock.now() });
    // A run that fails after a re-arm leaves the re-arm as it is (not pushed back as a failure).
    failNext = true;
    await jobs.runDueJobs({ limit: 1 });
    expect(runs).toEqual([0, 0]);
    expect(await row()).toMatchObject({ attempts: 0, dueAt: t.clock.now(), lastError: null });
    // With no re-arm, a failure is recorded and pushed back; a success then ends it.
    await jobs.runDueJobs({ limit: 1 });
    expect(await row()).toMatchObject({ attempts: 1, lastError: 'the provider was down' });
    failNext = false;
    t.clock.advance(60 * 60_000);
    await jobs.runDueJobs({ limit: 1 });
    expect(runs).toEqual([0, 0, 0, 1]);
    expect(await row()).toBeUndefined();
  });

  it('keeps going when a sweep fails: timers still fire and the next pass tries again', async () => {
    const { jobs } = t.app.services;
    const fired = vi.fn(async () => {});
    let failing = true;
    jobs.register({
      handlers: { 'test.after-failed-sweep': fired },
      sweep: async () => {
        if (failing) throw new Error('the sweep broke');
        return 1;
      },
    });
    await schedule(t.ctx.database.db, t.clock, { kind: 'test.after-failed-sweep', dueAt: t.clock.now() });
    await expect(jobs.runDueJobs()).resolves.toBeGreaterThanOrEqual(1);
    expect(fired).toHaveBeenCalledTimes(1);
    failing = false;
    await expect(jobs.runDueJobs()).resolves.toBeGreaterThanOrEqual(1);
  });

  it('warns, not errs, when a pass found the database too busy to give it a connection', async () => {
    const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const { outbox } = t.app.services;
    const worker = createJobWorker({
      db: t.ctx.database.db,
      clock: t.clock,
      log: log as never,
      outbox,
      transactor: t.app.services.bookingCore.deps.transactor,
      pollMs: 1000,
    });
    let failure = new Error('timeout exceeded when trying to connect');
    worker.register({
      sweep: async () => {
        throw failure;
      },
    });
    await worker.runDueJobs();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: failure }),
      'a timer sweep failed; the next pass tries again (the database was busy)',
    );
    expect(log.error).not.toHaveBeenCalled();
    failure = new Error('relation "nowhere" does not exist');
    await worker.runDueJobs();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: failure }),
      'a timer sweep failed; the next pass tries again',
    );
  });

  it('runs a periodic task once per interval by the clock, never twice a name, and survives its failure', async () => {
    const { jobs } = t.app.services;
    const runs: number[] = [];
    let fail = false;
    jobs.register({
      periodic: {
        name: 'test.every-ten-minutes',
        everyMs: 10 * 60_000,
        run: async () => {
          runs.push(t.clock.now().getTime());
          if (fail) throw new Error('the task broke');
          return 0;
        },
      },
    });
    expect(() =>
      jobs.register({ periodic: { name: 'test.every-ten-minutes', everyMs: 1, run: async () => 0 } }),
    ).toThrow(/registered twice/);
    await jobs.runDueJobs();
    await jobs.runDueJobs();
    expect(runs).toHaveLength(1);
    t.clock.advance(9 * 60_000);
    await jobs.runDueJobs();
    expect(runs).toHaveLength(1);
    fail = true;
    t.clock.advance(60_000);
    await expect(jobs.runDueJobs()).resolves.toBeGreaterThanOrEqual(0);
    expect(runs).toHaveLength(2);
  });

  it('runs plan reminders, testpay webhook retries and the abandoned-flow recovery as its periodic tasks', async () => {
    const { jobs } = t.app.services;
    // Each is registered once at start-up: registering any of them again is refused.
    for (const name of ['plan renewal reminders', 'testpay webhooks', 'abandoned flows']) {
      expect(() => jobs.register({ periodic: { name, everyMs: 1, run: async () => 0 } })).toThrow(
        /registered twice/,
      );
    }
  });

  it('sets a timer that keeps failing aside after its attempts, for the ops API to list and retry', async () => {
    const { jobs } = t.app.services;
    const db = t.ctx.database.db;
    let broken = true;
    const ran = vi.fn(async () => {
      if (broken) throw new Error('the provider is down');
    });
    jobs.register({ handlers: { 'test.flaky': ran } });
    const id = await schedule(db, t.clock, { kind: 'test.flaky', dueAt: t.clock.now() });
    // TIMER_MAX_ATTEMPTS (8 in tests, as by default): each failure pushes it back further.
    for (let i = 0; i < 8; i++) {
      await jobs.runDueJobs();
      t.clock.advance(11 * 60_000);
    }
    expect(ran).toHaveBeenCalledTimes(8);
    const [row] = await db.select().from(timers).where(eq(timers.id, id));
    expect(row?.deadAt).not.toBeNull();
    expect(row?.lastError).toBe('the provider is down');
    // Dead: never fired again by the worker.
    t.clock.advance(3_600_000);
    await jobs.runDueJobs();
    expect(ran).toHaveBeenCalledTimes(8);

    const ops = { 'x-ops-token': DEV_OPS_TOKEN };
    const listed = await t.app.inject({ method: 'GET', url: '/api/ops/timers/dead', headers: ops });
    expect(listed.json().timers).toContainEqual(
      expect.objectContaining({ id, kind: 'test.flaky', attempts: 8, lastError: 'the provider is down' }),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/timers/dead' })).statusCode).toBe(401);
    broken = false;
    const retried = await t.app.inject({ method: 'POST', url: `/api/ops/timers/${id}/retry`, headers: ops });
    expect(retried.statusCode, retried.body).toBe(200);
    await jobs.runDueJobs();
    expect(ran).toHaveBeenCalledTimes(9);
    expect(await db.select().from(timers).where(eq(timers.id, id))).toEqual([]);
    const again = await t.app.inject({ method: 'POST', url: `/api/ops/timers/${id}/retry`, headers: ops });
    expect(again.statusCode).toBe(404);
  });
});
