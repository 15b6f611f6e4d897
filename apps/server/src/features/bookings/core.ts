import { createCoreBase } from './core-base.ts';
import type { CoreDeps } from './core-deps.ts';
import { createLifecycle } from './core-lifecycle.ts';
import { createOverstay } from './core-overstay.ts';
import { lockerLabel } from './emitter.ts';

export { type BookingPatch, type CoreDeps, holdEndFrom, TIMER } from './core-deps.ts';

/**
 * The booking state machine's moving parts, shared by the routes, the timers, the payment hooks and
 * the controller messages. Every function runs inside the caller's transaction and writes its
 * events to the outbox through `fx`. Lock order (see platform/jobs/worker.ts): timer row → the
 * site-and-size advisory lock → booking rows.
 */
export function createBookingCore(deps: CoreDeps) {
  const base = createCoreBase(deps);
  return { ...base, ...createLifecycle(base), ...createOverstay(base), lockerLabel };
}

export type BookingCore = ReturnType<typeof createBookingCore>;
