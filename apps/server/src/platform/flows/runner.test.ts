import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appMeta } from '../../db/meta-schema.ts';
import { clearHooks, dieBefore } from '../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { eventOutbox } from '../events/schema.ts';
import { FLOW_LEASE_MS } from './runner.ts';
import { flowRuns } from './schema.ts';
import { callStep, dbStep, undoWith } from './steps.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.database.db;
const TOPIC = 'test/flows/events';

/** Facts written by the test steps: `flowtest:<name>` rows in app_meta. */
async function facts(): Promise<Record<string, unknown>> {
  const rows = await db().select().from(appMeta).where(like(appMeta.key, 'flowtest:%'));
  return Object.fromEntries(rows.map((r) => [r.key.slice('flowtest:'.length), r.value]));
}
const heldOrWaiting = () => db().select().from(eventOutbox).where(eq(eventOutbox.topic, TOPIC));

describe('flows: small steps that undo themselves', () => {
  const journal: string[] = [];
  const calls: string[] = [];
  let failAt: string | null = null;

  beforeEach(async () => {
    journal.length = 0;
    calls.length = 0;
    failAt = null;
    t.app.services.flows.setHooks({
      beforeStep: (_flow, step) => {
        if (step === failAt) throw new Error(`${step} failed`);
      },
    });
    await db().delete(appMeta).where(like(appMeta.key, 'flowtest:%'));
    await db().delete(eventOutbox).where(eq(eventOutbox.topic, TOPIC));
  });

  const write = (name: string) =>
    dbStep({
      name: `test.write-${name}`,
      async run(fx, input: { at: Date }) {
        await fx.tx.insert(appMeta).values({ key: `flowtest:${name}`, value: { at: input.at } });
        await t.app.services.outbox.enqueue(fx, TOPIC, { wrote: name });
        journal.push(`run ${name}`);
        return undoWith(name, { key: `flowtest:${name}`, at: input.at.toISOString() });
      },
      async undo(fx, data: { key: string; at: string }) {
        // Stored as JSON: a Date comes back as its ISO string, in process as after a restart.
        expect(typeof data.at).toBe('string');
        await fx.tx.delete(appMeta).where(eq(appMeta.key, data.key));
        journal.push(`undo ${data.key.slice('flowtest:'.length)}`);
      },
    });
  const a = write('a');
  const b = write('b');
  const remote = callStep({
    name: 'test.remote',
    async run(input: string) {
      calls.push(`call ${input}`);
      return undoWith(`remote-${input}`, { id: input });
    },
    async undo(data: { id: string }) {
      calls.push(`undo ${data.id}`);
    },
  });
  const c = write('c');
  const pivot = callStep({
    name: 'test.pivot',
    pivot: true,
    async run() {
      calls.push('pivot');
      return 'moved';
    },
  });
  const d = write('d');

  let flow: ReturnType<typeof defineTestFlow>;
  function defineTestFlow() {
    return t.app.services.flows.define({
      name: 'test.four-steps',
      steps: [a, b, remote, c],
      async run(f, input: { at: Date }) {
        await f.db(a, input);
        await f.db(b, input);
        const r = await f.call(remote, 'x');
        await f.db(c, input);
        return r;
      },
    });
  }
  let pivotFlow: ReturnType<typeof definePivotFlow>;
  function definePivotFlow() {
    return t.app.services.flows.define({
      name: 'test.with-pivot',
      steps: [a, pivot, d],
      async run(f, input: { at: Date }) {
        await f.db(a, input);
        await f.call(pivot, undefined);
        await f.db(d, input);
      },
    });
  }

  it('runs every step in order, holds the events until the flow has succeeded, and leaves no run behind', async () => {
    flow ??= defineTestFlow();
    expect(flow.steps).toEqual(['test.write-a', 'test.write-b', 'test.remote', 'test.write-c']);
    expect(await flow.run({ at: t.clock.now() })).toBe('remote-x');
    expect(journal).toEqual(['run a', 'run b', 'run c']);
    expect(Object.keys(await facts()).sort()).toEqual(['a', 'b', 'c']);
    // Released and published: nothing waits in the outbox, nothing is held.
    expect(await heldOrWaiting()).toEqual([]);
    expect(await db().select().from(flowRuns)).toEqual([]);
  });

  it.each([
    ['test.write-a', [], []],
    ['test.write-b', ['undo a'], []],
    ['test.remote', ['undo b', 'undo a'], []],
    ['test.write-c', ['undo b', 'undo a'], ['undo x']],
  ])(
    'a failure at %s undoes the steps before it, newest first, and sends none of their events',
    async (step, undone, undoneCalls) => {
      flow ??= defineTestFlow();
      failAt = step;
      await expect(flow.run({ at: t.clock.now() })).rejects.toThrow(`${step} failed`);
      expect(journal.filter((j) => j.startsWith('undo'))).toEqual(undone);
      expect(calls.filter((j) => j.startsWith('undo'))).toEqual(undoneCalls);
      expect(await facts()).toEqual({});
      expect(await heldOrWaiting()).toEqual([]);
      expect(await db().select().from(flowRuns)).toEqual([]);
    },
  );

  it('writes no record of a run until a step leaves something to undo or an event to hold', async () => {
    const check = (name: string, tell: boolean) =>
      dbStep({
        name: `test.check-${name}`,
        async run(fx) {
          // Changes that need no undo, as a step that only reads or counts.
          await fx.tx.insert(appMeta).values({ key: `flowtest:${name}`, value: {} });
          if (tell) await t.app.services.outbox.enqueue(fx, TOPIC, { checked: name });
        },
      });
    const quiet = check('quiet', false);
    const telling = check('telling', true);
    const recordsBefore: Record<string, number> = {};
    t.app.services.flows.setHooks({
      beforeStep: async (_flow, step) => {
        recordsBefore[step] = (await db().select().from(flowRuns)).length;
      },
    });
    const checked = t.app.services.flows.define({
      name: 'test.checks-first',
      steps: [quiet, telling, a],
      async run(f, input: { at: Date }) {
        await f.db(quiet, input);
        await f.db(telling, input);
        await f.db(a, input);
      },
    });
    await checked.run({ at: t.clock.now() });
    expect(recordsBefore).toEqual({ 'test.check-quiet': 0, 'test.check-telling': 0, 'test.write-a': 1 });
    expect(Object.keys(await facts()).sort()).toEqual(['a', 'quiet', 'telling']);
    expect(await db().select().from(flowRuns)).toEqual([]);
    expect(await heldOrWaiting()).toEqual([]);
  });

  it('past its pivot a failure undoes nothing: what was done stands and its events go out', async () => {
    pivotFlow ??= definePivotFlow();
    failAt = 'test.write-d';
    await expect(pivotFlow.run({ at: t.clock.now() })).rejects.toThrow('test.write-d failed');
    expect(journal).toEqual(['run a']);
    expect(Object.keys(await facts())).toEqual(['a']);
    expect(await heldOrWaiting()).toEqual([]);
    expect(await db().select().from(flowRuns)).toEqual([]);
  });

  it('undoes a run whose process died mid-flow once its lease has run out, and drops its held events', async () => {
    flow ??= defineTestFlow();
    // The process "dies" after step b: the flow waits there until the test lets it fail.
    failAt = null;
    const testFlow = flow;
    const { abandoned, wake } = await dieBefore(t, 'test.remote', () => testFlow.run({ at: t.clock.now() }));
    expect(Object.keys(await facts()).sort()).toEqual(['a', 'b']);
    expect((await heldOrWaiting()).map((e) => e.flowRunId !== null)).toEqual([true, true]);
    // Held events are never published, however often the outbox is flushed.
    await t.app.services.outbox.flush();
    expect(await heldOrWaiting()).toHaveLength(2);

    expect(await t.app.services.flows.recoverAbandoned()).toBe(0); // lease still running
    t.clock.advance(FLOW_LEASE_MS + 1000);
    expect(await t.app.services.flows.recoverAbandoned()).toBe(1);
    expect(journal.filter((j) => j.startsWith('undo'))).toEqual(['undo b', 'undo a']);
    expect(await facts()).toEqual({});
    expect(await heldOrWaiting()).toEqual([]);
    expect(await db().select().from(flowRuns)).toEqual([]);
    clearHooks(t);
    wake();
    await abandoned.catch(() => {});
  });

  describe('a flow whose last step ends it', () => {
    let ending: ReturnType<typeof defineEnding>;
    let readAfter: () => Promise<void> = async () => {};
    function defineEnding() {
      return t.app.services.flows.define({
        name: 'test.ending',
        steps: [a, remote, b, c],
        async run(f, input: { at: Date; stepAfter?: boolean }) {
          await f.db(a, input);
          await f.call(remote, 'y');
          await f.db(b, input, { ends: true });
          if (input.stepAfter) await f.db(c, input);
          await readAfter();
          return 'done';
        },
      });
    }

    it('ends the run in that step’s transaction: its record is gone, and the held events go out with the step’s own', async () => {
      ending ??= defineEnding();
      const seen: Array<{ runs: number; held: number }> = [];
      readAfter = async () => {
        // Right after the ending step commits, before the flow returns: no run, nothing held.
        seen.push({
          runs: (await db().select().from(flowRuns)).length,
          held: (await heldOrWaiting()).filter((e) => e.flowRunId !== null).length,
        });
      };
      expect(await ending.run({ at: t.clock.now() })).toBe('done');
      expect(seen).toEqual([{ runs: 0, held: 0 }]);
      expect(journal).toEqual(['run a', 'run b']);
      expect(await heldOrWaiting()).toEqual([]);
      readAfter = async () => {};
    });

    it('failing, the ending step rolls back and the steps before it are undone as ever', async () => {
      ending ??= defineEnding();
      failAt = 'test.write-b';
      await expect(ending.run({ at: t.clock.now() })).rejects.toThrow('test.write-b failed');
      expect(journal.filter((j) => j.startsWith('undo'))).toEqual(['undo a']);
      expect(calls.filter((j) => j.startsWith('undo'))).toEqual(['undo y']);
      expect(await facts()).toEqual({});
      expect(await heldOrWaiting()).toEqual([]);
      expect(await db().select().from(flowRuns)).toEqual([]);
    });

    it('a failure after it undoes nothing, and no step may follow it', async () => {
      ending ??= defineEnding();
      readAfter = async () => {
        throw new Error('reading the answer failed');
      };
      await expect(ending.run({ at: t.clock.now() })).rejects.toThrow('reading the answer failed');
      readAfter = async () => {};
      expect(journal).toEqual(['run a', 'run b']);
      expect(Object.keys(await facts()).sort()).toEqual(['a', 'b']);
      expect(await heldOrWaiting()).toEqual([]);
      expect(await db().select().from(flowRuns)).toEqual([]);

      await db().delete(appMeta).where(like(appMeta.key, 'flowtest:%'));
      journal.length = 0;
      await expect(ending.run({ at: t.clock.now(), stepAfter: true })).rejects.toThrow(
        /after its ending step/,
      );
      expect(journal).toEqual(['run a', 'run b']);
    });
  });

  it('refuses a step the flow does not list, and a flow or step name used twice', async () => {
    const listed = t.app.services.flows.define({
      name: 'test.unlisted',
      steps: [a],
      async run(f, input: { at: Date }) {
        await f.db(b, input);
      },
    });
    await expect(listed.run({ at: t.clock.now() })).rejects.toThrow(/does not list/);
    expect(() =>
      t.app.services.flows.define({ name: 'test.unlisted', steps: [], run: async () => {} }),
    ).toThrow(/defined twice/);
    expect(() =>
      t.app.services.flows.define({ name: 'test.same-step-name', steps: [write('a')], run: async () => {} }),
    ).toThrow(/two different steps/);
  });
});
