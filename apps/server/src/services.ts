import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from './app-context.ts';
import { createBrokerAuth } from './features/auth/broker-auth.ts';
import { createAuthService } from './features/auth/service.ts';
import { createTokenSigner } from './features/auth/tokens.ts';
import { createLockerFeature } from './features/bookings/feature.ts';
import { createMarketplaceFeature } from './features/catalog/feature.ts';
import { lockersService } from './features/lockers/service.ts';
import { createMeService } from './features/me/service.ts';
import { createOrderFeature } from './features/orders/feature.ts';
import { createPaymentFeature } from './features/payments/feature.ts';
import { createOutboxEmail } from './platform/email/outbox-email.ts';
import { createSendgridEmail } from './platform/email/sendgrid-email.ts';
import { createMsg91Sms } from './platform/sms/msg91-sms.ts';
import { createOutboxSms } from './platform/sms/outbox-sms.ts';

/** Builds every feature service once, choosing each edge adapter from the config. */
export function createServices(ctx: AppContext, log: Logger) {
  const { config, clock } = ctx;
  const db = ctx.database.db;
  const tokens = createTokenSigner(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const sms =
    config.SMS_PROVIDER === 'msg91'
      ? createMsg91Sms({ authKey: config.MSG91_AUTH_KEY!, templateId: config.MSG91_TEMPLATE_ID! })
      : createOutboxSms(db, clock, log);
  const email =
    config.EMAIL_PROVIDER === 'sendgrid'
      ? createSendgridEmail({ apiKey: config.SENDGRID_API_KEY!, from: config.EMAIL_FROM })
      : createOutboxEmail(db, clock);
  const auth = createAuthService({ db, clock, sms, tokens, config });
  const me = createMeService({
    db,
    clock,
    auth,
    email,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  });
  const brokerAuth = createBrokerAuth({
    authenticateUser: auth.authenticate,
    siteExists: (siteId) => lockersService.siteExists(db, siteId),
    deviceKey: config.DEVICE_KEY,
  });
  // Payments, plans and the testpay provider (docs/payments.md).
  const paymentFeature = createPaymentFeature(ctx, log);
  // Lockers, bookings, notifications and the timer worker (docs/lockers.md).
  const lockerFeature = createLockerFeature(ctx, log, paymentFeature);
  // Catalog, sellers, addresses, places, distance and range, server cart (docs/marketplace.md).
  const marketplace = createMarketplaceFeature(ctx, log);
  // Orders: placing, paying, the shop's steps, parcel-locker drops (docs/marketplace.md "Orders").
  const orderFeature = createOrderFeature(ctx, log, {
    payments: paymentFeature.payments,
    plans: paymentFeature.plans,
    outbox: lockerFeature.outbox,
    notifications: lockerFeature.notifications,
    bookingCore: lockerFeature.bookingCore,
    jobs: lockerFeature.jobs,
    checkRange: marketplace.checkRange,
  });
  return {
    auth,
    me,
    brokerAuth,
    sms,
    email,
    tokens,
    ...paymentFeature,
    ...lockerFeature,
    ...marketplace,
    ...orderFeature,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
