// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from './log.ts';

afterEach(() => {
  localStorage.removeItem('logLevel');
  vi.restoreAllMocks();
});

describe('log', () => {
  it('writes warnings and errors by default, not info or debug (seed: level warning)', () => {
    const spies = (['debug', 'info', 'warn', 'error'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e', { why: 1 });
    expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0, 1, 1]);
    expect(spies[3]!.mock.calls[0]).toEqual(['Petti: e', { why: 1 }]);
  });

  it('follows a level set on the device, and ignores one that does not exist', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    localStorage.setItem('logLevel', 'debug');
    log.debug('now shown');
    expect(debug).toHaveBeenCalledTimes(1);
    localStorage.setItem('logLevel', 'loud');
    log.debug('hidden again');
    expect(debug).toHaveBeenCalledTimes(1);
  });
});
