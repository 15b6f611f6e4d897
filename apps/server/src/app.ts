import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { tileSource } from '@petti/shared/schemas/map';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { addressRoutes } from './features/addresses/routes.ts';
import { artRoutes } from './features/art/routes.ts';
import { brokerHookRoutes } from './features/auth/broker-hook-routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { bookingRoutes } from './features/bookings/routes.ts';
import { cartRoutes } from './features/cart/routes.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { shopCatalogRoutes } from './features/catalog/shop-routes.ts';
import { complexMembershipRoutes } from './features/complex/routes.ts';
import { complexMarketRoutes } from './features/complex-market/routes.ts';
import { lockerSimRoutes } from './features/dev/locker-sim-routes.ts';
import { devRoutes } from './features/dev/routes.ts';
import { testpayDevRoutes } from './features/dev/testpay-routes.ts';
import { grabRoutes } from './features/grab/routes.ts';
import { shopGrabRoutes } from './features/grab/shop-routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { lockerRoutes } from './features/lockers/routes.ts';
import { mapRoutes } from './features/map/routes.ts';
import { meRoutes } from './features/me/routes.ts';
import { moneyRoutes } from './features/money/index.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { opsBackupRoutes } from './features/ops/backup-routes.ts';
import { opsComplexRoutes } from './features/ops/complex-routes.ts';
import { opsGrabRoutes } from './features/ops/grab-routes.ts';
import { opsLockerRoutes } from './features/ops/locker-routes.ts';
import { makeRequireOps } from './features/ops/ops-auth.ts';
import { opsRoutes } from './features/ops/routes.ts';
import { opsSellerRoutes } from './features/ops/seller-routes.ts';
import { shopApprovalRoutes } from './features/ops/shop-approval-routes.ts';
import { opsTimerRoutes } from './features/ops/timer-routes.ts';
import { orderRoutes } from './features/orders/routes.ts';
import { shopOrderRoutes } from './features/orders/shop-routes.ts';
import { installPayments } from './features/payments/install.ts';
import { placeRoutes } from './features/places/routes.ts';
import { pushRoutes } from './features/push/routes.ts';
import { sellerRoutes } from './features/sellers/routes.ts';
import { shopRoutes } from './features/sellers/shop-routes.ts';
import { settlementRoutes } from './features/settlements/index.ts';
import { supportRoutes } from './features/support/routes.ts';
import { usersService } from './features/users/index.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/error-handler.ts';
import { methodsByPath } from './http/method-not-allowed.ts';
import { documentEveryAnswer, finishDocument } from './http/openapi.ts';
import { installOverload, neverShed } from './http/overload.ts';
import { installRateLimits } from './http/rate-limits.ts';
import { installRequestLogs } from './http/request-logs.ts';
import { makeRoleGuards } from './http/require-role.ts';
import { makeOptionalUser, makeRequireUser } from './http/require-user.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { inlineScriptSources, serveWebApp } from './http/web-app.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { RAZORPAY_CHECKOUT_CSP } from './platform/payments/razorpay.ts';
import { ANSWER_BROTLI_QUALITY, COMPRESS_FROM_BYTES } from './platform/read-cache/kept-answer.ts';
import { createServices } from './services.ts';

/** Builds the whole HTTP app from its context. main.ts and every integration test use this. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: ctx.config.LOG_LEVEL },
    // Our own one line per request replaces Fastify's two (http/request-logs.ts).
    logController: new LogController({ disableRequestLogging: ctx.config.REQUEST_LOGS }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // A path parameter over its documented length is refused by its schema (400, naming the field);
    // only one past what any client could mean is refused by the router (414).
    routerOptions: { maxParamLength: 2048 },
    trustProxy: ctx.config.TRUST_PROXY,
    // A request (headers and body) must arrive whole within this time: a body trickled in a byte at a
    // time would otherwise hold its connection for ever. Node checks at `connectionsCheckingInterval`
    // (30 s by default), so the server is made here to check often enough for the limit to hold.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: ctx.config.REQUEST_TIMEOUT_MS,
          headersTimeout: Math.min(ctx.config.REQUEST_TIMEOUT_MS, 60_000),
          connectionsCheckingInterval: Math.max(100, Math.min(ctx.config.REQUEST_TIMEOUT_MS / 4, 5000)),
        },
        handler,
      ),
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('ctx', ctx);
  const services = createServices(ctx, app.log);
  app.decorate('services', services);
  app.decorate('requireUser', makeRequireUser(services.auth.authenticate));
  app.decorate('optionalUser', makeOptionalUser(services.auth.authenticate));
  app.decorateRequest('user', null);
  app.decorate(
    'requireRole',
    makeRoleGuards({
      shopMember: (userId, shopId, roles) => services.shopMembers.require(userId, shopId, roles),
      isOperator: (userId) => usersService.isOperator(ctx.database.db, userId),
    }),
  );
  app.decorateRequest('shopMember', null);
  ctx.realtime.setAuth(services.brokerAuth);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    // Hashed assets are not logged per request and are never asked about: no id to quote.
    if (!request.url.startsWith('/assets/')) reply.header('x-request-id', request.id);
    // A signed-in user's answers (their profile, bookings, PINs) are never kept by a browser's or a
    // proxy's HTTP cache; the app's own offline copies live in its service worker.
    if (request.user && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  installErrorHandling(app);
  installRequestLogs(app, ctx.config.REQUEST_LOGS);
  // Per-address limits on sign-in and the public writes, counted across processes (http/rate-limits.ts).
  await installRateLimits(app, ctx);
  // Prometheus metrics of this process at /metrics, with the ops token (docs/deploy.md#metrics).
  const metrics = createMetrics({
    database: ctx.database,
    realtime: ctx.realtime,
    clock: ctx.clock,
    moneyChecksOpen: () => services.money.checks.counts(),
  });
  metrics.install(app);
  app.decorate('metrics', metrics);
  // Busy answers before any work under overload (http/overload.ts).
  await installOverload(app, ctx.config, metrics);
  // A known path asked with a method it does not take answers 405 with `Allow` (web-app.ts).
  const allowedMethods = methodsByPath(app);
  // Every route's document lists the refusals its guards, input and limits can give (http/openapi.ts).
  documentEveryAnswer(app, (url) => !neverShed(url));
  const requireOpsForMetrics = makeRequireOps(ctx.config.OPS_TOKEN);
  app.get('/metrics', { preHandler: requireOpsForMetrics, schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', metrics.contentType).send(await metrics.text()),
  );

  const checkoutCsp =
    ctx.config.PAYMENT_PROVIDER === 'razorpay'
      ? RAZORPAY_CHECKOUT_CSP
      : { scriptSrc: [], frameSrc: [], connectSrc: [] };
  // The map's tiles: the page shows them and the service worker fetches them to keep (docs/maps.md).
  const tiles = ctx.config.MAP_TILE_URL === 'none' ? null : tileSource(ctx.config.MAP_TILE_URL);
  const tileSrc = tiles ? [tiles] : [];
  // The same origin's WebSocket, named for browsers whose 'self' does not cover ws:/wss: (CSP 2).
  const wsOf = (url: string | undefined) => (url ? [new URL(url).origin.replace(/^http/, 'ws')] : []);
  const liveSrc = [...wsOf(ctx.config.PUBLIC_URL), ...wsOf(ctx.config.MQTT_PUBLIC_URL)];
  installSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...inlineScriptSources(ctx.config.WEB_DIST), ...checkoutCsp.scriptSrc],
          // React sets inline styles; Leaflet positions tiles with them.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Photos are Petti's own; the map's tiles come from their one server.
          imgSrc: ["'self'", 'data:', 'blob:', ...tileSrc],
          // The app's live connection is this origin's /mqtt, or the external broker's public address.
          connectSrc: ["'self'", ...liveSrc, ...checkoutCsp.connectSrc, ...tileSrc],
          fontSrc: ["'self'", 'data:'],
          // Razorpay Checkout's iframe, when it is the provider; otherwise as default-src.
          frameSrc: ["'self'", ...checkoutCsp.frameSrc],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // The same as frame-ancestors 'none', for browsers that read only this.
      frameguard: { action: 'deny' },
    },
    [
      // What the app uses: the camera (scanning a pack), the town map's "where am I"; payment requests
      // only in Razorpay's checkout frame; nothing else.
      [
        'Permissions-Policy',
        [
          'camera=(self)',
          'geolocation=(self)',
          `payment=(self${checkoutCsp.frameSrc.map((o) => ` "${o}"`).join('')})`,
          'microphone=()',
          'usb=()',
          'serial=()',
          'bluetooth=()',
          'midi=()',
          'magnetometer=()',
          'gyroscope=()',
          'accelerometer=()',
        ].join(', '),
      ],
    ],
  );

  // Answers are compressed (brotli, else gzip) from 1 KB up; the built app's files are compressed at
  // build time and served as they are (web-app.ts). ETags let the app's repeated reads of unchanged
  // catalogue and locker answers come back as 304 with no body (docs/performance.md).
  await app.register(fastifyEtag, { weak: true });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Petti API',
        description: 'Lockers, plans and local shops for Sivakasi.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The ops API (shop staff, simulators): OPS_TOKEN here or as `Authorization: Bearer`.
          opsToken: { type: 'apiKey', in: 'header', name: 'x-ops-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      'openapiObject' in documents
        ? finishDocument(documents.openapiObject as Record<string, unknown>)
        : documents.swaggerObject,
  });
  // The API explorer: in production only when asked (API_DOCS=true).
  if (ctx.config.API_DOCS)
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(supportRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(meRoutes, { prefix: '/api' });
  await installPayments(app);
  await app.register(lockerRoutes, { prefix: '/api' });
  await app.register(bookingRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(pushRoutes, { prefix: '/api' });
  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(sellerRoutes, { prefix: '/api' });
  // An external broker's authentication and topic checks (BROKER_HOOK_SECRET; docs/deploy.md).
  await app.register(brokerHookRoutes, { prefix: '/api' });
  await app.register(addressRoutes, { prefix: '/api' });
  await app.register(placeRoutes, { prefix: '/api' });
  await app.register(mapRoutes, { prefix: '/api' });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(orderRoutes, { prefix: '/api' });
  await app.register(shopRoutes, { prefix: '/api' });
  await app.register(shopOrderRoutes, { prefix: '/api' });
  await app.register(settlementRoutes, { prefix: '/api' });
  await app.register(moneyRoutes, { prefix: '/api' });
  await app.register(shopCatalogRoutes, { prefix: '/api' });
  await app.register(shopGrabRoutes, { prefix: '/api' });
  await app.register(shopApprovalRoutes, { prefix: '/api' });
  await app.register(grabRoutes, { prefix: '/api' });
  await app.register(complexMembershipRoutes, { prefix: '/api' });
  await app.register(complexMarketRoutes, { prefix: '/api' });
  await app.register(opsRoutes, { prefix: '/api' });
  await app.register(opsSellerRoutes, { prefix: '/api' });
  await app.register(opsLockerRoutes, { prefix: '/api' });
  await app.register(opsGrabRoutes, { prefix: '/api' });
  await app.register(opsComplexRoutes, { prefix: '/api' });
  await app.register(opsTimerRoutes, { prefix: '/api' });
  await app.register(opsBackupRoutes, { prefix: '/api' });
  // Keypad and fault hooks into the in-process locker simulator: never in production.
  if (!ctx.config.isProduction && ctx.config.LOCKER_SIM && ctx.lockerSim) {
    await app.register(lockerSimRoutes, { prefix: '/api' });
  }
  // testpay's fast-forward for renewal charges: with testpay only, never in production.
  if (!ctx.config.isProduction && ctx.config.PAYMENT_PROVIDER === 'testpay') {
    await app.register(testpayDevRoutes, { prefix: '/api' });
  }
  // The dev outbox exists only with the embedded providers and never in production.
  if (
    !ctx.config.isProduction &&
    (ctx.config.SMS_PROVIDER === 'outbox' || ctx.config.EMAIL_PROVIDER === 'outbox')
  ) {
    await app.register(devRoutes, { prefix: '/api' });
  }

  await app.register(artRoutes);
  await serveWebApp(app, ctx.config.WEB_DIST, allowedMethods);
  return app;
}
