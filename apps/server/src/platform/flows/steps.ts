import type { Effects } from '../events/transactor.ts';

/**
 * What a step answers when it can be taken back: its output, and the (JSON) data its undo needs.
 * The data is stored with the flow run, so a process that dies mid-flow can be undone by another.
 */
export class Undoable<O, U> {
  constructor(
    readonly value: O,
    readonly data: U,
  ) {}
}

export const undoWith = <O, U>(value: O, data: U): Undoable<O, U> => new Undoable(value, data);

interface StepBase {
  readonly name: string;
  /**
   * Past this step the flow cannot go back: money has moved at the provider, or a cancellation
   * stands. A later failure does not undo anything before it; work after a pivot must be safe to
   * retry (a timer retries it).
   */
  readonly pivot?: boolean;
}

/** A step that changes the database: it runs in a transaction of its own, and so does its undo. */
export interface DbStep<I, O, U = never> extends StepBase {
  readonly kind: 'db';
  run(fx: Effects, input: I): Promise<O | Undoable<O, U>>;
  undo?(fx: Effects, data: U): Promise<void>;
}

/**
 * A step that talks to the outside world (a payment provider, SMS…). It never runs inside a
 * database transaction, so no row lock is held while the network answers.
 */
export interface CallStep<I, O, U = never> extends StepBase {
  readonly kind: 'call';
  run(input: I): Promise<O | Undoable<O, U>>;
  undo?(data: U): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of steps of any input and output.
export type AnyStep = DbStep<any, any, any> | CallStep<any, any, any>;

export const dbStep = <I, O, U = never>(def: Omit<DbStep<I, O, U>, 'kind'>): DbStep<I, O, U> => ({
  kind: 'db',
  ...def,
});

export const callStep = <I, O, U = never>(def: Omit<CallStep<I, O, U>, 'kind'>): CallStep<I, O, U> => ({
  kind: 'call',
  ...def,
});
