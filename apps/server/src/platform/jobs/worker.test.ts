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
});
