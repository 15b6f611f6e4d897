import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { timers } from './schema.ts';
import { schedule } from './worker.ts';

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
});
