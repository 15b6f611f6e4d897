import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { MarketDeps } from './deps.ts';
import { createListings } from './listings.ts';
import { createComplexOrders } from './orders.ts';
import { pruneUnusedPhotos } from './photos.ts';

/** The complex marketplace: residents' listings and the orders between them (docs/complex.md). */
export function createComplexMarketFeature(
  ctx: AppContext,
  log: Logger,
  deps: Omit<MarketDeps, 'db' | 'clock'>,
) {
  const full: MarketDeps = {
    ...deps,
    db: ctx.database.db,
    clock: ctx.clock,
  };
  // Uploads nobody kept: an hour between sweeps is plenty for files that wait a day anyway.
  deps.jobs.register({
    periodic: {
      name: 'unused complex photos',
      everyMs: 3_600_000,
      run: () => pruneUnusedPhotos(full.db, full.clock),
    },
  });
  return {
    complexMarket: {
      listings: createListings(full),
      orders: createComplexOrders(full, log),
      storage: full.storage,
    },
  };
}

export type ComplexMarket = ReturnType<typeof createComplexMarketFeature>['complexMarket'];
