import { callStep } from '../../../../platform/flows/steps.ts';

/**
 * Runs refund timers set in the step before, at once and outside its transaction. One that fails is
 * retried by its own timer, so the flow's pivot (the booking closed, the refunds due) stands.
 */
export function refundNowStep(runTimer: (id: string) => Promise<void>) {
  return callStep({
    name: 'bookings.refund-now',
    async run(timerIds: string[]) {
      for (const id of timerIds) await runTimer(id);
    },
  });
}

export type RefundNowStep = ReturnType<typeof refundNowStep>;
