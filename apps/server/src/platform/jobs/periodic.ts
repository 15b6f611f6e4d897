import type { Logger } from 'pino';

/**
 * Runs `work` every `everyMs` in this process, never two runs at once, until stopped (waiting for a
 * run in progress). For sweeps that are safe in several processes at once because they claim their
 * rows with SKIP LOCKED (plans' renewal reminders); one-off timers go in the timers table instead.
 */
export function startPeriodic(
  name: string,
  everyMs: number,
  work: () => Promise<unknown>,
  log: Pick<Logger, 'error'>,
  timers: { setInterval: typeof setInterval; clearInterval: typeof clearInterval } = globalThis,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = work()
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err, job: name }, 'periodic job failed'))
      .finally(() => {
        running = null;
      });
  };
  const handle = timers.setInterval(tick, everyMs);
  handle.unref?.();
  return {
    async stop() {
      timers.clearInterval(handle);
      await running;
    },
  };
}
