import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atLeast, breakpointOf, followViewport, viewportStore } from './viewport.ts';

/** A window whose size and scroll the test sets, firing its own listeners. */
function fakeWindow(innerWidth: number) {
  const listeners = new Map<string, Set<() => void>>();
  const win = {
    innerWidth,
    scrollY: 0,
    addEventListener: (type: string, fn: () => void) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(fn));
    },
    removeEventListener: (type: string, fn: () => void) => listeners.get(type)?.delete(fn),
    fire: (type: string) => {
      for (const fn of listeners.get(type) ?? []) fn();
    },
    listening: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
  return win;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the viewport', () => {
  it('names the seed breakpoints (sm 600, md 1024, lg 1440, xl 1920)', () => {
    expect([360, 599, 600, 1023, 1024, 1440, 1919, 1920].map(breakpointOf)).toEqual([
      'xs',
      'xs',
      'sm',
      'sm',
      'md',
      'lg',
      'lg',
      'xl',
    ]);
    expect(atLeast('sm', 'md')).toBe(true);
    expect(atLeast('md', 'sm')).toBe(false);
  });

  it('follows a resize once it has settled for 16 ms, not on every event', () => {
    const win = fakeWindow(360);
    const stop = followViewport(win as unknown as Window);
    expect(viewportStore.getState()).toMatchObject({ width: 360, breakpoint: 'xs' });
    const seen: number[] = [];
    const off = viewportStore.subscribe((v) => seen.push(v.width));
    for (const width of [400, 500, 700, 800]) {
      win.innerWidth = width;
      win.fire('resize');
      vi.advanceTimersByTime(10);
    }
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(6);
    expect(seen).toEqual([800]);
    expect(viewportStore.getState().breakpoint).toBe('sm');
    off();
    stop();
    expect(win.listening()).toBe(0);
  });

  it('says whether the page has left its top', () => {
    const win = fakeWindow(360);
    const stop = followViewport(win as unknown as Window);
    expect(viewportStore.getState().scrolled).toBe(false);
    win.scrollY = 120;
    win.fire('scroll');
    expect(viewportStore.getState().scrolled).toBe(true);
    win.scrollY = 0;
    win.fire('scroll');
    expect(viewportStore.getState().scrolled).toBe(false);
    stop();
  });
});
