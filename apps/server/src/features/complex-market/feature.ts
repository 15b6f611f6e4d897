import { join } from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { createFolderStorage } from '../../platform/storage/folder-storage.ts';
import { createS3Storage } from '../../platform/storage/s3-storage.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { MarketDeps } from './deps.ts';
import { createListings } from './listings.ts';
import { createComplexOrders } from './orders.ts';

/** Photos in a folder under the data folder (one process), or an S3-compatible bucket (several). */
function storageFor(config: Config): FileStorage {
  if (config.STORAGE_PROVIDER === 's3') {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return createFolderStorage(join(config.DATA_DIR, 'uploads'));
}

/** The complex marketplace: residents' listings and the orders between them (docs/complex.md). */
export function createComplexMarketFeature(
  ctx: AppContext,
  log: Logger,
  deps: Omit<MarketDeps, 'db' | 'clock' | 'storage'>,
) {
  const full: MarketDeps = {
    ...deps,
    db: ctx.database.db,
    clock: ctx.clock,
    storage: storageFor(ctx.config),
  };
  return {
    complexMarket: {
      listings: createListings(full),
      orders: createComplexOrders(full, log),
      storage: full.storage,
    },
  };
}

export type ComplexMarket = ReturnType<typeof createComplexMarketFeature>['complexMarket'];
