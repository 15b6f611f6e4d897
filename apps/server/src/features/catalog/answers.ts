import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ReadCacheCounts } from '../../platform/metrics/metrics.ts';
import { createReadCache } from '../../platform/read-cache/read-cache.ts';

/** What the catalogue tables' triggers notify (migration 0021): products, variants, categories, shops. */
export const CATALOG_CHANGED = 'catalog_changed';

/**
 * The catalogue's public answers, kept until the catalogue changes (docs/performance.md#reads). Nothing
 * in them depends on the clock; the age limit is a second line of defence only.
 */
export const createCatalogAnswers = (feed: ChangeFeed, clock: Clock, counts?: ReadCacheCounts) =>
  createReadCache({
    feed,
    channels: [CATALOG_CHANGED],
    maxEntries: 500,
    maxAgeMs: 10 * 60_000,
    now: () => clock.now().getTime(),
    counts,
  });
