import { TOAST_DEFAULTS, TOAST_POSITIONS, type ToastPosition } from '@petti/shared/constants';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { log } from '../log.ts';

/**
 * Notifications (docs/product.md#toasts-and-dialogs): default 5000 ms at the bottom; timeout 0 stays until
 * dismissed.
 */

export type ToastVariant = 'success' | 'error' | 'info';
export type ToastPlacement = `${'top' | 'bottom'}-${'left' | 'center' | 'right'}`;

export interface ToastAction {
  /** Already translated. */
  label: string;
  onClick?: () => void;
  /** Leave the toast up after the action runs (default: the action dismisses it). */
  keepOpen?: boolean;
}

export interface ToastOptions {
  /** Showing a toast with the id of one already up replaces it (and restarts its timer). */
  id?: string;
  variant?: ToastVariant;
  /** Milliseconds before it goes away; 0 keeps it until dismissed. */
  timeoutMs?: number;
  position?: ToastPosition;
  actions?: ToastAction[];
}

export interface Toast {
  id: string;
  /** Already translated. */
  message: string;
  variant: ToastVariant;
  timeoutMs: number;
  placement: ToastPlacement;
  actions: ToastAction[];
}

interface ToastState {
  toasts: Toast[];
}

/** At most this many toasts are up at once; the oldest goes first. */
export const MAX_TOASTS = 5;

export function toPlacement(position: ToastPosition): ToastPlacement {
  if (position === 'top') return 'top-center';
  if (position === 'bottom') return 'bottom-center';
  return position;
}

export const toastStore = createStore<ToastState>(() => ({ toasts: [] }));

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function stopTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function dismiss(id: string): void {
  stopTimer(id);
  toastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

function clear(): void {
  for (const id of timers.keys()) stopTimer(id);
  toastStore.setState({ toasts: [] });
}

/**
 * A toast asked for with a position or timeout that does not exist is a mistake in the calling code: it
 * is logged as an error (docs/product.md#toasts-and-dialogs) and the toast still shows, with the default in place of the wrong value.
 */
function checked(options: ToastOptions): { position: ToastPosition; timeoutMs: number } {
  let position = options.position ?? TOAST_DEFAULTS.position;
  let timeoutMs = options.timeoutMs ?? TOAST_DEFAULTS.timeoutMs;
  if (!(TOAST_POSITIONS as readonly string[]).includes(position)) {
    log.error(`toast position "${String(position)}" is not one of ${TOAST_POSITIONS.join(', ')}`);
    position = TOAST_DEFAULTS.position;
  }
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs < 0) {
    log.error(`toast timeout ${String(timeoutMs)} is not a number of milliseconds (0 or more)`);
    timeoutMs = TOAST_DEFAULTS.timeoutMs;
  }
  return { position, timeoutMs };
}

function show(message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const { position, timeoutMs } = checked(options);
  const next: Toast = {
    id,
    message,
    variant: options.variant ?? 'info',
    timeoutMs,
    placement: toPlacement(position),
    actions: options.actions ?? [],
  };
  stopTimer(id);
  toastStore.setState((s) => {
    const others = s.toasts.filter((t) => t.id !== id);
    const kept = others.slice(Math.max(0, others.length - (MAX_TOASTS - 1)));
    for (const dropped of others.slice(0, others.length - kept.length)) stopTimer(dropped.id);
    return { toasts: [...kept, next] };
  });
  if (next.timeoutMs > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), next.timeoutMs),
    );
  return id;
}

/** Runs an action button: its handler, then (unless keepOpen) dismisses the toast. */
function runAction(id: string, action: ToastAction): void {
  try {
    action.onClick?.();
  } finally {
    if (!action.keepOpen) dismiss(id);
  }
}

type Shortcut = (message: string, options?: Omit<ToastOptions, 'variant'>) => string;

export const toast = Object.assign(show, {
  success: ((message, options) => show(message, { ...options, variant: 'success' })) as Shortcut,
  error: ((message, options) => show(message, { ...options, variant: 'error' })) as Shortcut,
  info: ((message, options) => show(message, { ...options, variant: 'info' })) as Shortcut,
  dismiss,
  clear,
  runAction,
});

export function useToasts(): Toast[] {
  return useStore(toastStore, (s) => s.toasts);
}
