/**
 * Ends the current task and goes on in a new one, so the browser can paint and answer a tap in
 * between. A phone four times slower than a laptop turns each long task into blocked input; start-up
 * work cut into pieces under 50 ms there blocks nothing
 * (docs/performance.md#shorter-tasks-on-the-dashboard). `scheduler.yield` resumes ahead of other
 * queued tasks; browsers without it get a new timer task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
