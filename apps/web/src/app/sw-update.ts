import { SW_UPDATE_INTERVAL_MS_DEFAULT } from '@petti/shared/constants';
import { afterFirstScreen } from '../lib/boot-splash.ts';

/**
 * Service-worker registration and the update flow (docs/product.md#app-updates):
 * registered → update found → the page offers Refresh / Dismiss → Refresh activates the waiting
 * worker (skipWaiting message) and reloads; if that does not happen, a plain reload.
 * Updates are checked on load, when the window regains focus or becomes visible, and on an interval.
 */

/** The smallest check interval we accept from configuration. */
export const MIN_UPDATE_INTERVAL_MS = 1000;
/** How long Refresh waits for the new worker to take control before reloading anyway. */
export const ACTIVATE_FALLBACK_MS = 4000;

/** VITE_SW_UPDATE_INTERVAL_MS, or the default when it is missing or not a sensible number. */
export function updateIntervalMs(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return SW_UPDATE_INTERVAL_MS_DEFAULT;
  const value = Number(raw);
  return Number.isFinite(value) && value >= MIN_UPDATE_INTERVAL_MS ? value : SW_UPDATE_INTERVAL_MS_DEFAULT;
}

export interface UpdateCheckOptions {
  /** Asks the browser to look for a new service worker. */
  update: () => Promise<unknown>;
  intervalMs: number;
  /** Where focus / visibility events come from (window and document in the app). */
  windowTarget: EventTarget;
  documentTarget?: EventTarget & { visibilityState?: DocumentVisibilityState };
  isOnline?: () => boolean;
}

/** Starts the update checks; returns a function that stops them. */
export function startUpdateChecks(options: UpdateCheckOptions): () => void {
  const { update, intervalMs, windowTarget, documentTarget, isOnline = () => true } = options;
  const check = () => {
    if (!isOnline()) return;
    update().catch(() => {
      // offline or the server is away: the next check tries again
    });
  };
  const onVisibility = () => {
    if (documentTarget?.visibilityState === 'visible') check();
  };
  check();
  windowTarget.addEventListener('focus', check);
  documentTarget?.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(check, intervalMs);
  return () => {
    clearInterval(timer);
    windowTarget.removeEventListener('focus', check);
    documentTarget?.removeEventListener('visibilitychange', onVisibility);
  };
}

/** What Refresh needs from workbox-window's Workbox. */
export interface WaitingWorkerHost {
  messageSkipWaiting(): void;
  addEventListener(type: 'controlling', listener: () => void): void;
}

/**
 * Activates the waiting worker and reloads once it controls the page. If posting the message
 * fails, or the new worker has not taken control after `fallbackMs`, reloads anyway.
 */
export function activateUpdate(
  host: WaitingWorkerHost,
  reload: () => void = () => window.location.reload(),
  fallbackMs = ACTIVATE_FALLBACK_MS,
): void {
  let reloaded = false;
  const once = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  try {
    host.addEventListener('controlling', once);
    host.messageSkipWaiting();
    setTimeout(once, fallbackMs);
  } catch {
    once();
  }
}

export interface RegisterOptions {
  /** A new version is waiting; call `activate` to switch to it. */
  onNeedRefresh: (activate: () => void) => void;
  intervalMs?: number;
}

/** Resolves once the page has finished loading (at once if it has). */
export function pageLoaded(
  win: Pick<Window, 'addEventListener'>,
  doc: Pick<Document, 'readyState'>,
): Promise<void> {
  if (doc.readyState === 'complete') return Promise.resolve();
  return new Promise((done) => win.addEventListener('load', () => done(), { once: true }));
}

/**
 * Registers /sw.js and starts the update checks. Resolves to a stop function (no-op without SW support).
 * Not before the page has loaded and its first screen is drawn: installing the worker downloads the
 * whole app for offline use, and on a first visit over a slow line that would compete with the first
 * screen's own files (docs/performance.md#lighthouse).
 */
export async function registerServiceWorker(options: RegisterOptions): Promise<() => void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  await pageLoaded(window, document);
  await new Promise<void>((drawn) => afterFirstScreen(drawn));
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  // Fired for an update found now and for one already waiting when the page loaded.
  wb.addEventListener('waiting', () => options.onNeedRefresh(() => activateUpdate(wb)));
  const registration = await wb.register();
  if (!registration) return () => {};
  return startUpdateChecks({
    update: () => wb.update(),
    intervalMs: options.intervalMs ?? updateIntervalMs(import.meta.env.VITE_SW_UPDATE_INTERVAL_MS),
    windowTarget: window,
    documentTarget: document,
    isOnline: () => navigator.onLine,
  });
}
