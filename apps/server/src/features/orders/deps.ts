import type { Clock } from '../../platform/clock.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { AddressesService } from '../addresses/index.ts';
import type { ParcelLockers } from '../bookings/index.ts';
import type { CatalogStock, ProductImages, variantsWithProducts } from '../catalog/index.ts';
import type { LockersService } from '../lockers/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { PlansService } from '../plans/index.ts';
import type { SellersService } from '../sellers/index.ts';
import type { usersService } from '../users/index.ts';
import type { OrderCore } from './core.ts';
import type { CartValidator, RangeChecker } from './ports.ts';

/** Who asks: the buyer and the app session that asked (events carry it back). */
export interface OrderCaller {
  userId: string;
  sessionId: string | null;
}

/** Everything the orders feature uses; other features' tables are reached only through these services. */
export interface OrdersDeps {
  core: OrderCore;
  clock: Clock;
  flows: FlowRunner;
  parcels: ParcelLockers;
  payments: PaymentsService;
  plans: Pick<PlansService, 'activeFor' | 'deliveryFees' | 'returnDelivery' | 'useDelivery'>;
  stock: CatalogStock;
  /** Product pictures for an order's lines. */
  images: ProductImages;
  /** Variants with their products, as the catalog has them now (a substitute's price and stock). */
  variants: typeof variantsWithProducts;
  sellers: Pick<SellersService, 'rows'>;
  addresses: Pick<AddressesService, 'snapshot'>;
  lockers: Pick<LockersService, 'parcelSite' | 'siteNames'>;
  users: Pick<typeof usersService, 'complexOf'>;
  validateCart: CartValidator;
  checkRange: RangeChecker;
  /** Runs one timer now (a refund), outside any transaction; a failure leaves it for the worker. */
  runTimer: (id: string) => Promise<unknown>;
}
