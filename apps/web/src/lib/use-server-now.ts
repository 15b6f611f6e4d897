import { useEffect, useState } from 'react';
import { api } from './api.ts';

/** The server's "now" (ms), re-read every second while `ticking`: drives countdowns (sign-in codes, bookings). */
export function useServerNow(ticking: boolean): number {
  const [now, setNow] = useState(() => api.serverNow());
  useEffect(() => {
    setNow(api.serverNow());
    if (!ticking) return;
    const timer = setInterval(() => setNow(api.serverNow()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
