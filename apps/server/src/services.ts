import { EVENTS } from '@petti/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from './app-context.ts';
import { createBrokerAuth } from './features/auth/broker-auth.ts';
import { createBrokerConnections } from './features/auth/broker-connections.ts';
import type { EndedSessions } from './features/auth/deps.ts';
import { createAuthService } from './features/auth/service.ts';
import { createTokenSigner } from './features/auth/tokens.ts';
import { createLockerFeature } from './features/bookings/feature.ts';
import { createMarketplaceFeature } from './features/catalog/feature.ts';
import { createShopCatalog } from './features/catalog/index.ts';
import { createMembership } from './features/complex/index.ts';
import { createComplexMarketFeature } from './features/complex-market/index.ts';
import { createGrabFeature } from './features/grab/index.ts';
import { lockersService } from './features/lockers/service.ts';
import { createMeService } from './features/me/index.ts';
import { createMoney, createMoneyChecks } from './features/money/index.ts';
import { createNotificationsService } from './features/notifications/service.ts';
import { createLiveCheckin, createOrderFeature } from './features/orders/index.ts';
import { createPaymentFeature } from './features/payments/feature.ts';
import { createPushFeature } from './features/push/index.ts';
import { createSellerApprovals, createShopMembers, createShopSettings } from './features/sellers/index.ts';
import { createSettlements } from './features/settlements/index.ts';
import { usersService } from './features/users/index.ts';
import { noBrokerAdmin } from './platform/broker-admin/broker-admin.ts';
import { createEmqxBrokerAdmin } from './platform/broker-admin/emqx-broker-admin.ts';
import { createOutboxEmail } from './platform/email/outbox-email.ts';
import { createSendgridEmail } from './platform/email/sendgrid-email.ts';
import { createEventOutbox } from './platform/events/outbox.ts';
import { createTransactor } from './platform/events/transactor.ts';
import { createUserEvents } from './platform/events/user-events.ts';
import { createFlowRunner } from './platform/flows/runner.ts';
import { REMOVE_PHOTO_FILES, removePhotoFiles } from './platform/images/photo-removal.ts';
import { createJobWorker } from './platform/jobs/worker.ts';
import { sweepRateLimits } from './platform/rate-limit/pg-store.ts';
import { createMsg91Sms } from './platform/sms/msg91-sms.ts';
import { createOutboxSms } from './platform/sms/outbox-sms.ts';
import { storageFor } from './platform/storage/storage-for.ts';

/** Builds every feature service once, choosing each edge adapter from the config. */
export function createServices(ctx: AppContext, log: Logger) {
  const { config, clock } = ctx;
  const db = ctx.database.db;
  const tokens = createTokenSigner(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const sms =
    config.SMS_PROVIDER === 'msg91'
      ? createMsg91Sms({
          authKey: config.MSG91_AUTH_KEY!,
          templateId: config.MSG91_TEMPLATE_ID!,
          alertTemplateId: config.MSG91_ALERT_TEMPLATE_ID,
        })
      : createOutboxSms(db, clock, log);
  const email =
    config.EMAIL_PROVIDER === 'sendgrid'
      ? createSendgridEmail({ apiKey: config.SENDGRID_API_KEY!, from: config.EMAIL_FROM })
      : createOutboxEmail(db, clock);
  // Signed out (here, everywhere, or the account deleted): the user's open apps are told and the
  // embedded broker closes those sessions' live connections (docs/product.md#sign-out). Set below,
  // once the outbox exists.
  let sessionsEnded: (ended: EndedSessions) => Promise<void> = async () => undefined;
  const auth = createAuthService({
    db,
    changes: ctx.database.changes,
    clock,
    sms,
    tokens,
    config,
    onSessionsEnded: (ended) => sessionsEnded(ended),
  });
  // Uploaded photos (shops' products, residents' listings): a folder, or a bucket every process shares.
  const storage = storageFor(config);
  // Catalog, sellers, addresses, places, distance and range, server cart (docs/marketplace.md).
  const marketplace = createMarketplaceFeature(ctx, log, { storage });
  // With EMQX: which connection is whose session, so a sign-out drops them (docs/deploy.md#an-external-broker).
  const brokerConnections = createBrokerConnections({
    db,
    clock,
    log,
    admin: config.BROKER_ADMIN_URL
      ? createEmqxBrokerAdmin({
          url: config.BROKER_ADMIN_URL,
          key: config.BROKER_ADMIN_KEY!,
          secret: config.BROKER_ADMIN_SECRET!,
        })
      : noBrokerAdmin,
  });
  const brokerAuth = createBrokerAuth({
    authenticateUser: auth.authenticate,
    siteExists: (siteId) => lockersService.siteExists(db, siteId),
    // Called only once connections come, after shopMembers below exists.
    isShopMember: (userId, shopId) => shopMembers.isMember(userId, shopId),
    deviceKey: config.DEVICE_KEY,
    now: () => clock.now().getTime(),
    maxConnectionsPerUser: config.BROKER_MAX_CONNECTIONS_PER_USER,
  });
  // The one road events take: written in the transaction that makes the change, sent after commit.
  const outbox = createEventOutbox({ db, realtime: ctx.realtime, clock, log });
  const transactor = createTransactor(db, outbox, log);
  const userEvents = createUserEvents(outbox);
  const notifications = createNotificationsService({ db, clock });
  sessionsEnded = async ({ userId, sessionIds }) => {
    await transactor.run((_tx, fx) =>
      userEvents.emit(fx, {
        userId,
        event: EVENTS.sessionEnded,
        data: { id: userId, sessionIds },
        text: { en: 'You were signed out.', ta: 'நீங்கள் வெளியேற்றப்பட்டீர்கள்.' },
      }),
    );
    // The event first (a device still connected reads it), then the connections close, and those
    // browsers get no more alerts.
    await outbox.flush();
    ctx.realtime.endSessions?.(sessionIds);
    await brokerConnections.endSessions(sessionIds);
    await push.service.forgetSessions(sessionIds);
  };
  // Timers and periodic work of every feature, on one table and one worker (docs/decisions/0004).
  const jobs = createJobWorker({
    db,
    clock,
    log,
    outbox,
    transactor,
    pollMs: config.JOB_POLL_MS,
    maxAttempts: config.TIMER_MAX_ATTEMPTS,
  });
  // Money and stock paths (docs/decisions/0005-flows.md); a process that died mid-flow is undone here.
  const flows = createFlowRunner({
    db,
    transactor,
    outbox,
    clock,
    log,
    leaseMs: config.FLOW_LEASE_SECONDS * 1000,
  });
  // Alerts outside the app: each notification that is an alert is pushed to the user's browsers.
  const push = createPushFeature(ctx, log, { notifications, jobs, sms });
  jobs.register({
    periodic: {
      name: 'abandoned flows',
      everyMs: Math.min(30_000, config.FLOW_LEASE_SECONDS * 1000),
      run: () => flows.recoverAbandoned(),
    },
  });
  // Photos' files go once nothing names them (docs/pictures.md#removing-photos).
  jobs.register({ leased: { [REMOVE_PHOTO_FILES]: removePhotoFiles(storage) } });
  jobs.register({
    periodic: { name: 'rate limit sweep', everyMs: 600_000, run: () => sweepRateLimits(db, clock.now()) },
  });
  // Money that does not add up, found by every feature's checks or held from a provider's word
  // (docs/payments.md#money-checks): made first, so every feature can use it.
  const moneyChecks = createMoneyChecks({
    db,
    clock,
    log,
    notifications,
    operatorIds: (q) => usersService.operatorUserIds(q),
  });
  // Payments, plans and the testpay provider (docs/payments.md).
  const paymentFeature = createPaymentFeature(ctx, log, {
    moneyChecks,
    transactor,
    userEvents,
    notifications,
    jobs,
    flows,
  });
  // Lockers, bookings and the timer worker (docs/lockers.md).
  const lockerFeature = createLockerFeature(ctx, log, {
    ...paymentFeature,
    outbox,
    transactor,
    notifications,
    jobs,
    flows,
  });
  // Who works in which shop, and the operators' approval of new shops (docs/shops.md).
  const shopMembers = createShopMembers({
    db,
    clock,
    transactor,
    userEvents,
    forgetSellers: marketplace.sellers.forget,
    dropLiveConnections: async (userIds) => {
      ctx.realtime.dropUsers?.(userIds);
      await brokerConnections.dropUsers(userIds);
    },
  });
  const shopSettings = createShopSettings({ db, clock, forget: marketplace.sellers.forget });
  const sellerApprovals = createSellerApprovals({
    db,
    clock,
    transactor,
    userEvents,
    members: shopMembers,
    forgetSellers: marketplace.sellers.forget,
    jobs,
    sms,
    appUrl: ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`,
  });
  // Orders: placing, paying, the shop's steps, parcel-locker drops (docs/marketplace.md "Orders").
  const orderFeature = createOrderFeature(ctx, log, {
    payments: paymentFeature.payments,
    plans: paymentFeature.plans,
    outbox,
    transactor,
    notifications,
    parcels: lockerFeature.parcels,
    flows,
    sellers: marketplace.sellers,
    addresses: marketplace.addresses,
    jobs,
    checkRange: marketplace.checkRange,
    shopAudience: shopMembers.audience,
    storage,
    // The journal is made below, from the orders' split; a report is read only once both exist.
    ledger: (q, orderIds) => money.journal.orderLedger(q, { orderIds }),
  });
  // Each shop's own edits of its catalogue, told live to shoppers with its products open.
  const shopCatalog = createShopCatalog({
    db,
    clock,
    catalog: marketplace.catalog,
    transactor,
    outbox,
    unitsSold: orderFeature.orders.unitsSold,
  });
  // The money journal: every movement of money as a balanced entry, and the checks of the books
  // (docs/payments.md#the-money-journal).
  const money = createMoney({
    db,
    clock,
    transactor,
    jobs,
    checks: moneyChecks,
    payments: paymentFeature.payments,
    orders: {
      async split(q, orderId) {
        const [share] = await orderFeature.orders.shares(q, { orderIds: [orderId] });
        return share
          ? { sellerId: share.sellerId, sharePaise: share.sharePaise, pettiFeesPaise: share.pettiFeesPaise }
          : null;
      },
    },
  });
  // Each paid order's share sent to its shop's bank through the provider's Route (docs/shops.md#settlement).
  const settlements = createSettlements({
    journal: money.journal,
    checks: money.checks,
    db,
    clock,
    log,
    transactor,
    flows,
    jobs,
    provider: config.PAYMENT_PROVIDER,
    route: paymentFeature.route,
    orders: orderFeature.orders,
    payments: paymentFeature.payments,
    shops: {
      async contact(shopId) {
        const [seller] = await marketplace.sellers.rows(db, [shopId]);
        const owner = (await shopMembers.list(shopId)).find((m) => m.role === 'owner');
        return { name: seller?.brandName ?? shopId, phone: seller?.phone ?? owner?.phone ?? null };
      },
    },
  });
  // Curbside check-ins the app published over the live connection, once it was back (the offline buffer, docs/product.md#real-time-connection).
  const liveCheckin = createLiveCheckin({
    orders: orderFeature.orders,
    authenticate: auth.authenticate,
    userEvents,
    transactor,
    log,
  });
  // Grab-and-go: a shop's grab cart paid on its own, and the exit pass (docs/grab-and-go.md).
  const grabFeature = createGrabFeature(ctx, {
    flows,
    payments: paymentFeature.payments,
    transactor,
    outbox,
    userEvents,
    notifications,
  });
  // Residential complexes: membership, residents' listings and orders between them (docs/complex.md).
  const membership = createMembership({ db, clock, transactor, userEvents, notifications });
  const me = createMeService({
    db,
    clock,
    auth,
    addresses: marketplace.addresses,
    cart: marketplace.cart,
    email,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    complex: membership,
  });
  const complexFeature = createComplexMarketFeature(ctx, log, {
    storage,
    transactor,
    userEvents,
    notifications,
    flows,
    jobs,
    payments: paymentFeature.payments,
    parcels: lockerFeature.parcels,
    membership,
  });
  return {
    /** Uploaded photos' files (a shop's proof of delivery is read back through it). */
    storage,
    shopMembers,
    shopSettings,
    shopCatalog,
    sellerApprovals,
    settlements,
    money,
    outbox,
    transactor,
    push,
    liveCheckin,
    membership,
    ...complexFeature,
    notifications,
    jobs,
    flows,
    auth,
    me,
    brokerAuth,
    brokerConnections,
    sms,
    email,
    tokens,
    ...paymentFeature,
    ...lockerFeature,
    ...marketplace,
    ...orderFeature,
    ...grabFeature,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
