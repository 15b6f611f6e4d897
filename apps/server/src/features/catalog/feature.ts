import type { LatLng } from '@petti/shared/rules/geo';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { checkRange, type RangeSeller } from '../../platform/distance/check-range.ts';
import { createDistance } from '../../platform/distance/create-distance.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { createAddressesService } from '../addresses/index.ts';
import { createCartService } from '../cart/index.ts';
import { createGazetteerGeocoder, createGoogleGeocoder } from '../places/index.ts';
import { createSellersService, sellerRows } from '../sellers/index.ts';
import { createCatalogService } from './service.ts';

/**
 * The marketplace's read side and cart (docs/marketplace.md): catalog (and each shop's own edits of
 * it), sellers, addresses, address search, the distance provider with its range check, and the server cart.
 */
export function createMarketplaceFeature(ctx: AppContext, log: Logger, deps: { storage: FileStorage }) {
  const { config, clock } = ctx;
  const db = ctx.database.db;
  const distance = createDistance(config);
  const catalog = createCatalogService({ db, sellerRows, storage: deps.storage, clock });
  const geocoder =
    config.GEOCODER_PROVIDER === 'google'
      ? createGoogleGeocoder({ apiKey: config.GOOGLE_MAPS_API_KEY! })
      : createGazetteerGeocoder(db);
  return {
    distance,
    /** Throws AddressLongDistance / LockerLongDistance (or DistanceMatrixFailed); answers the metres. */
    checkRange: (args: { seller: RangeSeller; destination: LatLng; kind: 'address' | 'locker' }) =>
      checkRange(distance, args),
    geocoder,
    catalog,
    sellers: createSellersService({ db, clock, distance, log, changes: ctx.database.changes }),
    addresses: createAddressesService({ db, clock }),
    cart: createCartService({ db, clock }),
  };
}
