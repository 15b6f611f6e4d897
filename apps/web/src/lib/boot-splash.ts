/**
 * index.html draws Petti's mark and name before any script runs (`#boot`), over the app; where the page
 * carries the screen being opened drawn at build time (sign-in, dashboard, cart), a copy of that screen
 * instead (apps/web/scripts/route-preloads.ts).
 * It goes once the first screen, or the page saying it failed, is up: from then on the app draws
 * everything. A part of the screen drawn a task later (lib/ui/later.tsx) holds it until that part is
 * drawn too, so the copy never gives way to a half-drawn screen.
 */
let holds = 0;
let wanted = false;

/** Whether index.html's splash or copy is still over the app. */
export function bootSplashUp(doc: Document = document): boolean {
  return doc.getElementById('boot') !== null;
}

/** Keeps the splash up until the returned function is called (once is enough; more do nothing). */
export function holdBootSplash(doc: Document = document): () => void {
  holds++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holds--;
    if (wanted) dismissBootSplash(doc);
  };
}

/** The first screen is up: the splash goes now, or when the last part holding it is drawn. */
export function dismissBootSplash(doc: Document = document): void {
  wanted = true;
  if (holds !== 0) return;
  doc.getElementById('boot')?.remove();
  for (const run of waiting.splice(0)) run();
}

let waiting: Array<() => void> = [];

/**
 * Runs `work` once the first screen is up and the main thread is next idle (at most a second later):
 * for what the first screen does not need, so its tasks are not on the way to that screen's paint
 * (docs/performance.md#shorter-tasks-on-the-dashboard). The returned function cancels it.
 */
export function afterFirstScreen(work: () => void, doc: Document = document): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (cancelled) return;
    const w = globalThis as typeof globalThis & {
      requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number;
      cancelIdleCallback?: (handle: number) => void;
    };
    if (w.requestIdleCallback && w.cancelIdleCallback) {
      const handle = w.requestIdleCallback(() => !cancelled && work(), { timeout: 1000 });
      cancelIdle = () => w.cancelIdleCallback?.(handle);
    } else {
      const handle = setTimeout(() => !cancelled && work(), 0);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (bootSplashUp(doc)) waiting.push(whenIdle);
  else whenIdle();
  return () => {
    cancelled = true;
    waiting = waiting.filter((w) => w !== whenIdle);
    cancelIdle();
  };
}
