import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { AddressesService } from '../addresses/index.ts';
import type { ParcelLockers } from '../bookings/index.ts';
import { validateCartItems } from '../cart/index.ts';
import { productImages, stock, variantsWithProducts } from '../catalog/index.ts';
import { lockersService } from '../lockers/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { PlansService } from '../plans/index.ts';
import type { SellersService } from '../sellers/index.ts';
import { usersService } from '../users/index.ts';
import { createOrderCore, type OrderCoreDeps } from './core.ts';
import { registerOrderPaymentHooks } from './payment-hooks.ts';
import type { CartValidator, OrderLedgerReader, RangeChecker } from './ports.ts';
import { createOrdersService } from './service.ts';
import { registerOrderTimers } from './timers.ts';

/** Orders: the service, its payment hook and its timers (on the one timer worker). */
export function createOrderFeature(
  ctx: AppContext,
  log: Logger,
  deps: {
    payments: PaymentsService;
    plans: PlansService;
    outbox: EventOutbox;
    transactor: Transactor;
    notifications: NotificationsService;
    parcels: ParcelLockers;
    flows: FlowRunner;
    sellers: SellersService;
    addresses: AddressesService;
    /** The one timer worker; orders add their kinds to it. */
    jobs: JobWorker;
    /** The marketplace feature's range check (one distance provider for both). */
    checkRange: RangeChecker;
    /** Who works in a shop: they hear its orders' changes (docs/shops.md#live-updates). */
    shopAudience: OrderCoreDeps['shopAudience'];
    /** Where proof-of-delivery photos are kept (the same storage as every uploaded photo). */
    storage: FileStorage;
    /** The money journal's figures per order, for a shop's money report. */
    ledger: OrderLedgerReader;
  },
) {
  const { clock } = ctx;
  const db = ctx.database.db;
  const core = createOrderCore({
    db,
    clock,
    log,
    transactor: deps.transactor,
    outbox: deps.outbox,
    notifications: deps.notifications,
    stock,
    sellers: deps.sellers,
    shopAudience: deps.shopAudience,
  });
  // The cart feature's validation: per-item answers and the priced lines.
  const validateCart: CartValidator = async (tx, items, now, options) => {
    const r = await validateCartItems(tx, items, now, options);
    return {
      ...r,
      lines: r.lines.map((l) => ({ ...l, name: { en: l.name.en, ta: l.name.ta ?? l.name.en } })),
    };
  };
  const ordersDeps = {
    core,
    clock,
    flows: deps.flows,
    parcels: deps.parcels,
    payments: deps.payments,
    plans: deps.plans,
    stock,
    images: productImages,
    variants: variantsWithProducts,
    sellers: deps.sellers,
    addresses: deps.addresses,
    lockers: lockersService,
    users: usersService,
    validateCart,
    checkRange: deps.checkRange,
    runTimer: (id: string) => deps.jobs.runTimer(id),
  };
  const orders = createOrdersService(ordersDeps, {
    db,
    transactor: deps.transactor,
    log,
    storage: deps.storage,
    ledger: deps.ledger,
  });
  registerOrderTimers(deps.jobs, orders);
  registerOrderPaymentHooks(ordersDeps);
  return { orders };
}
