import type { TimerRow } from './schema.ts';

/** A string a timer was set with (`data[key]`); a timer without it was set wrongly and fails loudly. */
export function timerString(timer: TimerRow, key: string): string {
  const value = timer.data[key];
  if (typeof value !== 'string') throw new Error(`timer ${timer.id} (${timer.kind}) has no ${key}`);
  return value;
}
