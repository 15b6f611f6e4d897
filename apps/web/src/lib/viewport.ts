import { BREAKPOINTS, RESIZE_DEBOUNCE_MS } from '@petti/shared/constants';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * The window as the layout needs it (`BREAKPOINTS` and `RESIZE_DEBOUNCE_MS`, docs/product.md#toasts-and-dialogs): its width and breakpoint, followed on resize
 * debounced by RESIZE_DEBOUNCE_MS (a rotating phone fires dozens of resize events; one re-render is
 * enough), and `scrolled`, whether the page has left its top (the app bar lifts with a shadow then).
 */

export type Breakpoint = 'xs' | keyof typeof BREAKPOINTS;

export function breakpointOf(width: number): Breakpoint {
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  if (width >= BREAKPOINTS.sm) return 'sm';
  return 'xs';
}

const ORDER: Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl'];

/** True from `at` up: `atLeast('sm', breakpoint)` on anything 600 px wide or more. */
export const atLeast = (at: Breakpoint, current: Breakpoint) => ORDER.indexOf(current) >= ORDER.indexOf(at);

export interface Viewport {
  width: number;
  breakpoint: Breakpoint;
  scrolled: boolean;
}

export const viewportStore = createStore<Viewport>(() => ({ width: 0, breakpoint: 'xs', scrolled: false }));

type WindowLike = Pick<Window, 'addEventListener' | 'removeEventListener' | 'innerWidth' | 'scrollY'>;

/** Follows the window until the returned function is called. */
export function followViewport(
  win: WindowLike,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis,
): () => void {
  const measure = () => {
    const width = win.innerWidth;
    const breakpoint = breakpointOf(width);
    const current = viewportStore.getState();
    if (current.width !== width || current.breakpoint !== breakpoint)
      viewportStore.setState({ width, breakpoint });
  };
  const scroll = () => {
    const scrolled = win.scrollY > 0;
    if (viewportStore.getState().scrolled !== scrolled) viewportStore.setState({ scrolled });
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const resize = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = null;
      measure();
    }, RESIZE_DEBOUNCE_MS);
  };
  measure();
  scroll();
  win.addEventListener('resize', resize);
  win.addEventListener('scroll', scroll, { passive: true });
  return () => {
    if (timer !== null) timers.clearTimeout(timer);
    win.removeEventListener('resize', resize);
    win.removeEventListener('scroll', scroll);
  };
}

export const useBreakpoint = (): Breakpoint => useStore(viewportStore, (v) => v.breakpoint);
export const useScrolled = (): boolean => useStore(viewportStore, (v) => v.scrolled);
