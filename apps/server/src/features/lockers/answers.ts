import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ReadCacheCounts } from '../../platform/metrics/metrics.ts';
import { createReadCache } from '../../platform/read-cache/read-cache.ts';

/** What the triggers on sites, lockers, sizes, prices and bookings notify (migration 0021). */
export const LOCKER_SITES_CHANGED = 'locker_sites_changed';

/**
 * How long a site list may be kept when nothing changed: it says what is open and free now and for
 * the next hour, and the clock moves on (docs/performance.md#reads). Each answer says when it was
 * made (`at`).
 */
export const LOCKER_SITES_MAX_AGE_MS = 5000;

/** The locker sites' public answers, kept until a site, locker, price or booking changes. */
export const createLockerSiteAnswers = (feed: ChangeFeed, clock: Clock, counts?: ReadCacheCounts) =>
  createReadCache({
    feed,
    channels: [LOCKER_SITES_CHANGED],
    maxEntries: 200,
    maxAgeMs: LOCKER_SITES_MAX_AGE_MS,
    // The app's clock, which tests move: an answer is as old as the time it speaks of.
    now: () => clock.now().getTime(),
    counts,
  });
