// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, bootSplashUp, dismissBootSplash, holdBootSplash } from './boot-splash.ts';

describe('dismissBootSplash', () => {
  it('takes index.html’s splash away, once, and leaves the app alone', () => {
    document.body.innerHTML = '<div id="root"><p>app</p></div><div id="boot" class="boot-splash">Petti</div>';
    expect(bootSplashUp()).toBe(true);
    dismissBootSplash();
    expect(bootSplashUp()).toBe(false);
    expect(document.getElementById('root')?.textContent).toBe('app');
    dismissBootSplash();
    expect(document.body.children).toHaveLength(1);
  });

  it('waits for every part still holding the splash, then takes it away with the last', () => {
    document.body.innerHTML = '<div id="root"></div><div id="boot" class="boot-screen">copy</div>';
    const first = holdBootSplash();
    const second = holdBootSplash();
    dismissBootSplash();
    expect(bootSplashUp()).toBe(true);
    first();
    first(); // once is enough: a second call does not count as the other part's
    expect(bootSplashUp()).toBe(true);
    second();
    expect(bootSplashUp()).toBe(false);
  });
});

describe('afterFirstScreen', () => {
  it('waits while the splash is up, then runs once the screen is up and the thread is idle', async () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<div id="root"></div><div id="boot">Petti</div>';
      const work = vi.fn();
      afterFirstScreen(work);
      await vi.runAllTimersAsync();
      expect(work).not.toHaveBeenCalled();
      dismissBootSplash();
      expect(work).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs at the next idle moment when the screen is already up, and not at all once cancelled', async () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<div id="root"></div>';
      const work = vi.fn();
      const cancelled = vi.fn();
      afterFirstScreen(work);
      afterFirstScreen(cancelled)();
      expect(work).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(work).toHaveBeenCalledTimes(1);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is never run when cancelled while the splash is still up', async () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<div id="root"></div><div id="boot">Petti</div>';
      const work = vi.fn();
      afterFirstScreen(work)();
      dismissBootSplash();
      await vi.runAllTimersAsync();
      expect(work).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
