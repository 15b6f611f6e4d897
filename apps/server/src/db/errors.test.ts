import { describe, expect, it } from 'vitest';
import { isPoolWaitTimeout } from './errors.ts';

/** As drizzle wraps a driver's error: its own, with the driver's as the cause. */
const wrapped = (message: string) =>
  Object.assign(new Error('Failed query: select 1'), { cause: new Error(message) });

describe('isPoolWaitTimeout', () => {
  it('knows both ways a connection is not had within the wait, however wrapped', () => {
    expect(isPoolWaitTimeout(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isPoolWaitTimeout(wrapped('timeout exceeded when trying to connect'))).toBe(true);
    // A new connection to the embedded database's process not opened in time, under load.
    expect(
      isPoolWaitTimeout(
        wrapped('Connection terminated due to connection timeout: Connection terminated unexpectedly'),
      ),
    ).toBe(true);
  });

  it('is not any other failure of the database', () => {
    expect(isPoolWaitTimeout(wrapped('Connection terminated unexpectedly'))).toBe(false);
    expect(isPoolWaitTimeout(wrapped('portal "" does not exist'))).toBe(false);
    expect(isPoolWaitTimeout(new Error('statement timeout'))).toBe(false);
    expect(isPoolWaitTimeout(null)).toBe(false);
  });
});
