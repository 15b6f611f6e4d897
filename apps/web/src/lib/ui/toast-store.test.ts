import { TOAST_DEFAULTS } from '@petti/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, toast, toastStore, toPlacement } from './toast-store.ts';

const toasts = () => toastStore.getState().toasts;

beforeEach(() => {
  vi.useFakeTimers();
  toast.clear();
});

afterEach(() => {
  toast.clear();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('defaults to info, 5000 ms, at the bottom centre', () => {
    toast('Hello');
    expect(toasts()).toMatchObject([
      { message: 'Hello', variant: 'info', timeoutMs: TOAST_DEFAULTS.timeoutMs, placement: 'bottom-center' },
    ]);
    expect(TOAST_DEFAULTS.timeoutMs).toBe(5000);
  });

  it('goes away after its timeout, not before', () => {
    toast.success('Saved');
    vi.advanceTimersByTime(4999);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it('logs a wrong position or timeout as an error and shows the toast with the defaults', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      toast('Wrong place', { position: 'middle' as never });
      toast('Wrong time', { id: 'late', timeoutMs: -5 });
      toast('Not a time', { id: 'nan', timeoutMs: Number.NaN });
      expect(errors).toHaveBeenCalledTimes(3);
      expect(String(errors.mock.calls[0]?.[0])).toMatch(/position "middle"/);
      expect(String(errors.mock.calls[1]?.[0])).toMatch(/timeout -5/);
      expect(toasts()).toMatchObject([
        { message: 'Wrong place', placement: 'bottom-center', timeoutMs: TOAST_DEFAULTS.timeoutMs },
        { message: 'Wrong time', timeoutMs: TOAST_DEFAULTS.timeoutMs },
        { message: 'Not a time', timeoutMs: TOAST_DEFAULTS.timeoutMs },
      ]);
      // Right values are not logged.
      toast('Fine', { position: 'top-left', timeoutMs: 0 });
      expect(errors).toHaveBeenCalledTimes(3);
    } finally {
      errors.mockRestore();
    }
  });

  it('honours a custom timeout', () => {
    toast.error('Stock limit reached. Unable to add more.', { timeoutMs: 3000, position: 'top' });
    expect(toasts()[0]).toMatchObject({ variant: 'error', placement: 'top-center' });
    vi.advanceTimersByTime(3000);
    expect(toasts()).toHaveLength(0);
  });

  it('keeps a timeout-0 toast until it is dismissed', () => {
    const id = toast.info('The price has been updated.', { timeoutMs: 0 });
    vi.advanceTimersByTime(10 * 60 * 1000);
    expect(toasts()).toHaveLength(1);
    toast.dismiss(id);
    expect(toasts()).toHaveLength(0);
  });

  it('replaces a toast shown again with the same id and restarts its timer', () => {
    toast('First', { id: 'sw-update' });
    vi.advanceTimersByTime(4000);
    toast('Second', { id: 'sw-update' });
    expect(toasts().map((t) => t.message)).toEqual(['Second']);
    vi.advanceTimersByTime(4000);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(toasts()).toHaveLength(0);
  });

  it('runs an action and then dismisses, unless told to keep open', () => {
    const refresh = vi.fn();
    const id = toast('Update', {
      timeoutMs: 0,
      actions: [
        { label: 'Refresh', onClick: refresh },
        { label: 'Keep', keepOpen: true },
      ],
    });
    const [refreshAction, keepAction] = toasts()[0]!.actions;
    toast.runAction(id, keepAction!);
    expect(toasts()).toHaveLength(1);
    toast.runAction(id, refreshAction!);
    expect(refresh).toHaveBeenCalledOnce();
    expect(toasts()).toHaveLength(0);
  });

  it('dismisses even when an action throws', () => {
    const id = toast('Oops', {
      actions: [
        {
          label: 'Boom',
          onClick: () => {
            throw new Error('boom');
          },
        },
      ],
    });
    expect(() => toast.runAction(id, toasts()[0]!.actions[0]!)).toThrow('boom');
    expect(toasts()).toHaveLength(0);
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    for (let i = 1; i <= MAX_TOASTS + 2; i++) toast(`n${i}`, { timeoutMs: 0 });
    expect(toasts().map((t) => t.message)).toEqual(['n3', 'n4', 'n5', 'n6', 'n7']);
  });

  it('maps every TOAST_POSITIONS position to a placement', () => {
    expect(toPlacement('top')).toBe('top-center');
    expect(toPlacement('bottom')).toBe('bottom-center');
    expect(toPlacement('top-left')).toBe('top-left');
    expect(toPlacement('bottom-right')).toBe('bottom-right');
  });
});
