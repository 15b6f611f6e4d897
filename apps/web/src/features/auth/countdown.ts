/** Whole seconds from `nowMs` until `targetMs` (never negative). */
export function secondsUntil(targetMs: number | undefined, nowMs: number): number {
  if (targetMs === undefined || Number.isNaN(targetMs)) return 0;
  return Math.max(0, Math.ceil((targetMs - nowMs) / 1000));
}

/** 75 → "1:15", 9 → "0:09". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A wait of many minutes ("try again in 42 min") in whole minutes, at least 1. */
export function wholeMinutes(totalSeconds: number): number {
  return Math.max(1, Math.ceil(totalSeconds / 60));
}
