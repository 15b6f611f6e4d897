import { eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { asSet, type Params, prepared } from '../../db/prepared.ts';
import type { Clock } from '../clock.ts';
import type { EventOutbox } from '../events/outbox.ts';
import type { Transactor } from '../events/transactor.ts';
import { newId } from '../ids.ts';
import { flowRuns, type UndoRecord } from './schema.ts';
import { type AnyStep, type CallStep, type DbStep, Undoable } from './steps.ts';

/** How long a run may go without finishing a step before another process takes it as abandoned. */
export const FLOW_LEASE_MS = 120_000;

/** What a flow's body uses to take its steps, in order. */
export interface FlowContext {
  readonly runId: string;
  /**
   * `ends`: nothing after this step can need undoing (the body only reads afterwards). Its own
   * transaction then ends the run: the run's record goes and the events held so far go out with
   * the step's own, with no transaction of its own after it (docs/decisions/0005-flows.md).
   */
  // biome-ignore lint/suspicious/noExplicitAny: the undo data's type is the step's own business.
  db<I, O>(step: DbStep<I, O, any>, input: I, options?: { ends?: boolean }): Promise<O>;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  call<I, O>(step: CallStep<I, O, any>, input: I): Promise<O>;
}

export interface FlowDefinition<I, O> {
  /** Unique, e.g. `orders.place`: what logs, tests and the flow run rows call it. */
  name: string;
  /** Every step the body may take, in the order it takes them: the flow's table of contents. */
  steps: readonly AnyStep[];
  /**
   * Steps an earlier version of the flow took and this one no longer does: known by name so that a
   * run an earlier process stored can still be undone (docs/decisions/0005-flows.md); never taken.
   */
  retired?: readonly AnyStep[];
  run(flow: FlowContext, input: I): Promise<O>;
}

export interface Flow<I, O> {
  readonly name: string;
  readonly steps: readonly string[];
  run(input: I): Promise<O>;
}

/** Test instrumentation: runs before every step, so a test can fail a step or slip work in between. */
export interface FlowHooks {
  beforeStep?(flow: string, step: string): Promise<void> | void;
}

interface RunState {
  id: string;
  flow: string;
  /** The run's row exists (written with the first step that changed anything). */
  stored: boolean;
  undo: UndoRecord[];
  pivoted: boolean;
  /** Some step's events are held in the outbox under the run's id. */
  held: boolean;
  /** An ending step has committed: the run's record and its held events are gone. */
  ended: boolean;
}

type StoredRun = Required<
  Pick<typeof flowRuns.$inferInsert, 'id' | 'flow' | 'undo' | 'pivoted' | 'leaseUntil' | 'createdAt'>
>;

// Written and deleted by every flow that records its run: built once (db/prepared.ts).
const storeRun = prepared((q, v: Params<StoredRun>) =>
  q
    .insert(flowRuns)
    .values({
      id: v.id,
      flow: v.flow,
      undo: v.undo,
      pivoted: v.pivoted,
      leaseUntil: v.leaseUntil,
      createdAt: v.createdAt,
    })
    .onConflictDoUpdate({
      target: flowRuns.id,
      set: { undo: asSet(v.undo), pivoted: asSet(v.pivoted), leaseUntil: asSet(v.leaseUntil) },
    }),
);
const deleteRun = prepared((q, v: Params<{ id: string }>) => q.delete(flowRuns).where(eq(flowRuns.id, v.id)));

/** JSON in, JSON out: the undo sees in-process exactly what a recovering process would read back. */
const asStored = (data: unknown): unknown => (data === undefined ? null : JSON.parse(JSON.stringify(data)));

/**
 * Runs flows: named sequences of small steps, each knowing how to undo itself
 * (docs/decisions/0005-flows.md). A failure undoes the finished steps newest first; events the
 * steps wrote are held in the outbox until the flow succeeds and dropped if it is undone.
 */
export function createFlowRunner(deps: {
  db: Db;
  transactor: Transactor;
  outbox: EventOutbox;
  clock: Clock;
  log: Logger;
  leaseMs?: number;
}) {
  const { db, transactor, outbox, clock, log } = deps;
  const leaseMs = deps.leaseMs ?? FLOW_LEASE_MS;
  const steps = new Map<string, AnyStep>();
  const flowNames = new Set<string>();
  let hooks: FlowHooks = {};

  const leaseEnd = () => new Date(clock.now().getTime() + leaseMs);

  function store(q: DbOrTx, run: RunState) {
    return storeRun(q, {
      id: run.id,
      flow: run.flow,
      undo: run.undo,
      pivoted: run.pivoted,
      leaseUntil: leaseEnd(),
      createdAt: clock.now(),
    });
  }

  async function runDbStep<I, O>(run: RunState, step: DbStep<I, O, unknown>, input: I): Promise<O> {
    return transactor.run(
      async (tx, fx) => {
        const result = await step.run(fx, input);
        const undoable = result instanceof Undoable && step.undo;
        const next: RunState = {
          ...run,
          undo: undoable ? [...run.undo, { step: step.name, data: asStored(result.data) }] : run.undo,
          pivoted: run.pivoted || Boolean(step.pivot),
        };
        // A run with nothing to undo and no events held is not written down: were this process to
        // die now, recovery would have nothing to do for it (docs/decisions/0005-flows.md).
        const recorded = run.stored || undoable || fx.events.length > 0;
        // In the step's own transaction: the change and what undoes it commit together. Sent with
        // the commit: nothing in the step waits for it.
        if (recorded) fx.send(store(tx, next));
        fx.later(async () => {
          Object.assign(run, next, { stored: recorded, held: run.held || fx.events.length > 0 });
        });
        return result instanceof Undoable ? (result.value as O) : (result as O);
      },
      { flowRunId: run.id },
    );
  }

  /**
   * The last step that changes anything: in its own transaction the run's record is deleted and the
   * events earlier steps held are released, oldest first, to go out after the commit with the
   * step's own (which are not held). Failing, it rolls back like any step, and the run is undone
   * from its record as before.
   */
  async function runEndingStep<I, O>(run: RunState, step: DbStep<I, O, unknown>, input: I): Promise<O> {
    return transactor.run(async (tx, fx) => {
      // First, and sent with what the step writes: nothing waits for it.
      if (run.stored) fx.send(deleteRun(tx, { id: run.id }));
      const result = await step.run(fx, input);
      if (run.held) fx.events.unshift(...(await outbox.release(tx, run.id)));
      fx.later(async () => {
        run.ended = true;
      });
      return result instanceof Undoable ? (result.value as O) : (result as O);
    });
  }

  async function runCallStep<I, O>(run: RunState, step: CallStep<I, O, unknown>, input: I): Promise<O> {
    if (step.pivot && !run.pivoted) {
      // Marked before the call: if this process dies while the provider answers, nobody may undo
      // what came before, since the money may have moved.
      run.pivoted = true;
      await store(db, run);
      run.stored = true;
    }
    const result = await step.run(input);
    if (result instanceof Undoable && step.undo) {
      run.undo = [...run.undo, { step: step.name, data: asStored(result.data) }];
      await store(db, run);
      run.stored = true;
      return result.value as O;
    }
    return (result instanceof Undoable ? result.value : result) as O;
  }

  /** Undoes the recorded steps newest first; each undo is recorded as done before the next starts. */
  async function undoAll(run: RunState): Promise<void> {
    while (run.undo.length) {
      const record = run.undo.at(-1)!;
      const step = steps.get(record.step);
      if (!step?.undo) throw new Error(`flow ${run.flow}: no undo for step ${record.step}`);
      const rest = run.undo.slice(0, -1);
      if (step.kind === 'db') {
        await transactor.run(
          async (tx, fx) => {
            await (step.undo as NonNullable<typeof step.undo>)(fx, record.data);
            await tx
              .update(flowRuns)
              .set({ undo: rest, leaseUntil: leaseEnd() })
              .where(eq(flowRuns.id, run.id));
          },
          { flowRunId: run.id },
        );
      } else {
        await step.undo(record.data);
        await db.update(flowRuns).set({ undo: rest, leaseUntil: leaseEnd() }).where(eq(flowRuns.id, run.id));
      }
      run.undo = rest;
    }
  }

  /** Ends a run: its held events go out (success, or past its pivot) or are dropped (undone). */
  async function finish(run: RunState, events: 'release' | 'discard'): Promise<void> {
    if (!run.stored) return;
    const released = await db.transaction(async (tx) => {
      const ids = events === 'release' && run.held ? await outbox.release(tx, run.id) : [];
      if (events === 'discard') await outbox.discard(tx, run.id);
      await tx.delete(flowRuns).where(eq(flowRuns.id, run.id));
      return ids;
    });
    if (released.length) {
      await outbox
        .flush(released)
        .catch((err: unknown) => log.warn({ err }, 'event flush failed; the poller retries'));
    }
  }

  async function fail(run: RunState, err: unknown): Promise<void> {
    if (run.pivoted) {
      // What was done past the pivot stands; its remaining work is retried by its own timers.
      log.error({ err, flow: run.flow, run: run.id }, 'flow failed past its pivot; what was done stands');
      await finish(run, 'release');
      return;
    }
    try {
      await undoAll(run);
      await finish(run, 'discard');
    } catch (undoErr) {
      // Left with its lease: the recovery sweep tries the remaining undos again.
      log.error({ err: undoErr, flow: run.flow, run: run.id }, 'undoing a flow failed; recovery will retry');
    }
  }

  function register(def: FlowDefinition<unknown, unknown>): void {
    if (flowNames.has(def.name)) throw new Error(`flow ${def.name} is defined twice`);
    flowNames.add(def.name);
    for (const step of [...def.steps, ...(def.retired ?? [])]) {
      const known = steps.get(step.name);
      if (known && known !== step) throw new Error(`two different steps are named ${step.name}`);
      steps.set(step.name, step);
    }
  }

  return {
    define<I, O>(def: FlowDefinition<I, O>): Flow<I, O> {
      register(def as FlowDefinition<unknown, unknown>);
      const declared = new Set(def.steps);
      const check = (step: AnyStep) => {
        if (!declared.has(step)) throw new Error(`flow ${def.name} takes step ${step.name} it does not list`);
      };
      return {
        name: def.name,
        steps: def.steps.map((s) => s.name),
        async run(input: I): Promise<O> {
          const run: RunState = {
            id: newId(),
            flow: def.name,
            stored: false,
            undo: [],
            pivoted: false,
            held: false,
            ended: false,
          };
          const context: FlowContext = {
            runId: run.id,
            async db(step, stepInput, options) {
              check(step);
              if (run.ended)
                throw new Error(`flow ${def.name} takes step ${step.name} after its ending step`);
              await hooks.beforeStep?.(def.name, step.name);
              return options?.ends ? runEndingStep(run, step, stepInput) : runDbStep(run, step, stepInput);
            },
            async call(step, stepInput) {
              check(step);
              if (run.ended)
                throw new Error(`flow ${def.name} takes step ${step.name} after its ending step`);
              await hooks.beforeStep?.(def.name, step.name);
              return runCallStep(run, step, stepInput);
            },
          };
          let output: O;
          try {
            output = await def.run(context, input);
          } catch (err) {
            // Past an ending step nothing is left to undo or release: what it committed stands.
            if (run.ended)
              log.error({ err, flow: run.flow, run: run.id }, 'flow failed after its ending step');
            else await fail(run, err);
            throw err;
          }
          if (!run.ended) await finish(run, 'release');
          return output;
        },
      };
    },

    /**
     * Runs whose process died mid-flow (lease run out): undone newest step first, or, past their
     * pivot, left standing with their events released. Safe in several processes at once.
     */
    async recoverAbandoned(limit = 20): Promise<number> {
      const now = clock.now();
      const stale = db
        .select({ id: flowRuns.id })
        .from(flowRuns)
        .where(lt(flowRuns.leaseUntil, now))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(flowRuns)
        .set({ leaseUntil: leaseEnd() })
        .where(inArray(flowRuns.id, stale))
        .returning();
      for (const row of claimed) {
        const run: RunState = {
          id: row.id,
          flow: row.flow,
          stored: true,
          undo: row.undo,
          pivoted: row.pivoted,
          // Whatever it held is found by its id; releasing or dropping nothing costs one statement.
          held: true,
          ended: false,
        };
        log.warn({ flow: run.flow, run: run.id, pivoted: run.pivoted }, 'recovering an abandoned flow');
        await fail(run, new Error('abandoned'));
      }
      return claimed.length;
    },

    setHooks(next: FlowHooks): void {
      hooks = next;
    },
  };
}

export type FlowRunner = ReturnType<typeof createFlowRunner>;
