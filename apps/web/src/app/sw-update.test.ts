import { SW_UPDATE_INTERVAL_MS_DEFAULT } from '@petti/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateUpdate, pageLoaded, startUpdateChecks, updateIntervalMs } from './sw-update.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('updateIntervalMs', () => {
  it('reads the configured interval', () => {
    expect(updateIntervalMs('60000')).toBe(60000);
  });

  it('falls back to the default when missing or unreasonable', () => {
    expect(updateIntervalMs(undefined)).toBe(SW_UPDATE_INTERVAL_MS_DEFAULT);
    expect(updateIntervalMs('')).toBe(SW_UPDATE_INTERVAL_MS_DEFAULT);
    expect(updateIntervalMs('soon')).toBe(SW_UPDATE_INTERVAL_MS_DEFAULT);
    expect(updateIntervalMs('10')).toBe(SW_UPDATE_INTERVAL_MS_DEFAULT);
  });
});

describe('startUpdateChecks', () => {
  it('checks on start, on focus, when visible again and on the interval', () => {
    const update = vi.fn(() => Promise.resolve());
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
    const stop = startUpdateChecks({ update, intervalMs: 1000, windowTarget: win, documentTarget: doc });
    expect(update).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('focus'));
    expect(update).toHaveBeenCalledTimes(2);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(2);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(3000);
    expect(update).toHaveBeenCalledTimes(6);
    stop();
    win.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(5000);
    expect(update).toHaveBeenCalledTimes(6);
  });

  it('skips checks while offline and survives a failing check', () => {
    let online = false;
    const update = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = startUpdateChecks({
      update,
      intervalMs: 1000,
      windowTarget: new EventTarget(),
      isOnline: () => online,
    });
    vi.advanceTimersByTime(2000);
    expect(update).not.toHaveBeenCalled();
    online = true;
    vi.advanceTimersByTime(1000);
    expect(update).toHaveBeenCalledTimes(1);
    stop();
  });
});

class FakeWorkbox extends EventTarget {
  messageSkipWaiting = vi.fn();
  override addEventListener(type: string, listener: () => void) {
    super.addEventListener(type, listener);
  }
}

describe('activateUpdate', () => {
  it('sends skipWaiting and reloads once the new worker controls the page', () => {
    const wb = new FakeWorkbox();
    const reload = vi.fn();
    activateUpdate(wb, reload, 4000);
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    wb.dispatchEvent(new Event('controlling'));
    expect(reload).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5000);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads anyway when the worker never takes control', () => {
    const reload = vi.fn();
    activateUpdate(new FakeWorkbox(), reload, 4000);
    vi.advanceTimersByTime(3999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads at once when the message cannot be sent', () => {
    const wb = new FakeWorkbox();
    wb.messageSkipWaiting.mockImplementation(() => {
      throw new Error('no waiting worker');
    });
    const reload = vi.fn();
    activateUpdate(wb, reload);
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('pageLoaded', () => {
  it('waits for the load event while the page is loading, and not at all once it has loaded', async () => {
    const target = new EventTarget();
    let loaded = false;
    const waiting = pageLoaded(target as unknown as Window, { readyState: 'interactive' }).then(() => {
      loaded = true;
    });
    await Promise.resolve();
    expect(loaded).toBe(false);
    target.dispatchEvent(new Event('load'));
    await waiting;
    expect(loaded).toBe(true);
    await expect(
      pageLoaded(new EventTarget() as unknown as Window, { readyState: 'complete' }),
    ).resolves.toBeUndefined();
  });
});
