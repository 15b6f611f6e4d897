import { resolve } from 'node:path';
import { isValidGstin, normaliseGstin } from '@petti/shared/rules/gstin';
import { z } from 'zod';

/**
 * Every environment variable Petti reads, validated once at start-up. A bad value stops start-up
 * with one line per problem naming the variable, never a stack trace. The README's table mirrors this.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const port = z.coerce.number().int().min(0).max(65535);

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.join(': or ')}:`,
    });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  // Overload (docs/deploy.md#overload): what is answered "busy" (503 with Retry-After) instead of queued.
  /** PostgreSQL connections per process (the embedded database has one). */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /** How long a request waits for a database connection before it is answered busy. */
  DB_POOL_WAIT_MS: z.coerce.number().int().min(50).max(30_000).default(1000),
  /** Mean event-loop delay over a second above which requests are answered busy (0: never). */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(200),
  /** Heap and resident memory above which requests are answered busy (0: never). */
  OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).default(0),
  OVERLOAD_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
  /** API requests one process works on at once; one more is answered busy (0: no limit). */
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(128),
  /** The `Retry-After` of a busy answer. */
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(120).default(2),
  MQTT_URL: url(['mqtt', 'mqtts', 'ws', 'wss', 'tcp']).optional(),
  MQTT_PUBLIC_URL: url(['ws', 'wss']).optional(),
  /** Several processes sharing the embedded broker: its messages and retained state go through this Redis. */
  REDIS_URL: url(['redis', 'rediss']).optional(),
  /**
   * With an external broker, the shared-subscription group the processes of one deployment take apps'
   * requests in (`$share/{group}/…`), so each request is handled once.
   */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('petti'),
  /** Plain MQTT for locker controllers on the embedded broker; `0` turns it off. 1883 is left to a system broker. */
  MQTT_TCP_PORT: port.default(1884),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  /** Demo data on start: by default outside production only; production never loads it. */
  SEED_DEMO: bool.optional(),
  /** The API explorer at /api/docs: always outside production, only when asked in production. */
  API_DOCS: bool.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  /** The web client's id, carried in tokens as `client_id` and sent by the app in `x-client-id`. */
  CLIENT_ID: z.string().min(1).max(64).default('petti-web'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  // Sign-in code limits (docs/product.md#sign-in-codes). Each must be at least 1: they can be tuned, never
  // switched off.
  AUTH_CODE_TTL_SECONDS: z.coerce.number().int().min(30).max(900).default(180),
  AUTH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  AUTH_RESEND_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  AUTH_CODES_PER_HOUR: z.coerce.number().int().min(1).max(50).default(5),
  AUTH_IP_CODES_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(30),
  /** Per address (docs/deploy.md#rate-limits): seller applications an hour, place searches and webhooks a minute. */
  RATE_LIMIT_APPLICATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(10),
  RATE_LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(120),
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(600),
  SMS_PROVIDER: z.enum(['outbox', 'msg91']).default('outbox'),
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  MSG91_TEMPLATE_ID: z.string().min(1).optional(),
  /** The DLT template for alert texts (overstay, parcel in a locker; docs/alerts.md), its variable `message`. */
  MSG91_ALERT_TEMPLATE_ID: z.string().min(1).optional(),
  /** How shoppers reach a person (help centre, chat, order pages); demo values outside production. */
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+\d{8,15}$/, 'international form, e.g. +914562200200')
    .optional(),
  SUPPORT_EMAIL: z.email().optional(),
  /**
   * Who issues Petti's own receipts (its fees, locker bookings, plans): the legal name, the address
   * and the GSTIN printed on them (docs/payments.md#receipts). Demo values outside production; the
   * GSTIN is required with Razorpay in production, since those receipts charge GST.
   */
  PETTI_LEGAL_NAME: z.string().trim().min(2).max(120).optional(),
  PETTI_ADDRESS: z.string().trim().min(5).max(300).optional(),
  PETTI_GSTIN: z
    .string()
    .trim()
    .transform(normaliseGstin)
    .refine(isValidGstin, 'not a valid GSTIN (15 characters with a true check character)')
    .optional(),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\+\d{8,15}$/, 'international form, e.g. +919876543210')
    .optional(),
  /**
   * Web Push (docs/alerts.md): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints
   * them) and a contact for push services. Without them, outside production, a pair is made once and
   * kept in DATA_DIR/vapid.json; every process must share one pair, so production requires them.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: contact')
    .default('mailto:alerts@petti.invalid'),
  /** Where residents' photos are kept: a folder under DATA_DIR, or an S3-compatible bucket shared by every process. */
  STORAGE_PROVIDER: z.enum(['folder', 's3']).default('folder'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  EMAIL_PROVIDER: z.enum(['outbox', 'sendgrid']).default('outbox'),
  SENDGRID_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.email().default('no-reply@petti.local'),
  /** A request's headers and body must have arrived within this many milliseconds (slow-body attacks). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /** Trust X-Forwarded-For from a reverse proxy (needed behind one for per-IP limits to see real clients). */
  TRUST_PROXY: bool.default(false),
  /** Secret from which each locker site's controller password is derived. */
  DEVICE_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  // Lockers (docs/lockers.md, docs/locker-protocol.md).
  /** A site whose controller sent no heartbeat for this long is offline. */
  LOCKER_OFFLINE_SECONDS: z.coerce.number().int().min(10).max(3600).default(90),
  /** Run the locker simulator in-process (one controller per site). Default: on, except in production and tests. */
  LOCKER_SIM: bool.optional(),
  LOCKER_SIM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** How long a simulated door stays open after an open command before it closes by itself. */
  LOCKER_SIM_DOOR_CLOSE_SECONDS: z.coerce.number().min(0.1).max(600).default(5),
  /** How often the timer worker looks for due work (holds, starts, expiries, offline checks). */
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60000).default(1000),
  /** How long a flow's process may go unheard before another undoes the flow (docs/decisions/0005-flows.md). */
  FLOW_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  /** Live connections one user may hold at once on the embedded broker (phones and tabs). */
  BROKER_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  /** A timer failing this many times is set aside for the ops API (GET /api/ops/timers/dead). */
  TIMER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Run the timer worker in this process. Default: on, except in tests (they drive it by hand). */
  JOB_WORKER: bool.optional(),
  // Payments (docs/payments.md). Razorpay is used when its key id and secret are set; otherwise testpay.
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_\w+$/, 'must look like rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  /** The secret set on the Razorpay dashboard's webhook; required with Razorpay in production. */
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  /**
   * Razorpay Subscriptions' plans for automatic renewal, by Petti plan: `locker-lite:plan_…,delivery-pass:plan_…`
   * (each made in the dashboard with the plan's price, every 30 days). A plan not named is not offered it.
   */
  RAZORPAY_PLAN_IDS: z
    .string()
    .regex(/^([\w-]+:plan_\w+)(,[\w-]+:plan_\w+)*$/, 'must look like locker-lite:plan_…,delivery-pass:plan_…')
    .optional()
    .transform((v) =>
      Object.fromEntries((v ? v.split(',') : []).map((pair) => pair.split(':') as [string, string])),
    ),
  /** The embedded test provider's public key id (shown to the app as `keyId`). */
  TESTPAY_KEY_ID: z.string().min(1).max(64).default('testpay_key'),
  /** testpay signs payments and webhooks with this, exactly as Razorpay signs with its key secret. */
  TESTPAY_KEY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** testpay moves no money, so production refuses it unless a demo deployment says so here. */
  TESTPAY_IN_PRODUCTION: bool.default(false),
  /** testpay's Route pays transfers into shops' banks this many minutes after they were made (Razorpay: days). */
  TESTPAY_SETTLEMENT_MINUTES: z.coerce.number().int().min(0).max(10_080).default(30),
  // Marketplace (docs/marketplace.md). Road distance for seller range checks and delivery fees.
  /** `embedded` (great-circle × DISTANCE_ROAD_FACTOR, no network), `osrm` (OSRM_URL) or `google` (GOOGLE_MAPS_API_KEY). */
  DISTANCE_PROVIDER: z.enum(['embedded', 'osrm', 'google']).default('embedded'),
  DISTANCE_ROAD_FACTOR: z.coerce.number().min(1).max(3).default(1.3),
  OSRM_URL: url(['http', 'https']).optional(),
  /** Google Maps Platform key for the Distance Matrix and Geocoding adapters. */
  GOOGLE_MAPS_API_KEY: z.string().min(10).optional(),
  /**
   * Map tiles (docs/maps.md): an OpenStreetMap-compatible URL template with {z}, {x}, {y} (and {s} for
   * subdomains), or `none` for no tiles (the maps then show their pins on the town's outline).
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine(
      (v) =>
        v === 'none' || (/^https?:\/\/\S+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
      'an http(s) URL template with {z}, {x} and {y}, or none for no tiles',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Shown in the map's corner; the tile provider's terms require it. May hold links. */
  MAP_TILE_ATTRIBUTION: z
    .string()
    .min(1)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  MAP_TILE_SUBDOMAINS: z
    .string()
    .regex(/^[a-z0-9]*$/)
    .default('abc'),
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(14).max(22).default(19),
  /** Address search: `gazetteer` (the town's seeded streets, areas and landmarks) or `google` (Geocoding API). */
  GEOCODER_PROVIDER: z.enum(['gazetteer', 'google']).default('gazetteer'),
  // Orders and the ops API (docs/marketplace.md "Orders").
  /** Shop staff and the simulators call the ops API with this token; required in production. */
  OPS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * With an external broker: the secret in the address of Petti's authentication and authorisation hooks
   * (`/api/broker/{secret}/user|superuser|acl`) the broker calls; unset, the hooks do not exist.
   */
  BROKER_HOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 letters, digits, _ or -')
    .optional(),
  /**
   * With EMQX as the external broker: its REST API's base (e.g. `http://emqx:18083/api/v5`) and an API
   * key and secret, so a sign-out drops that session's connections (docs/deploy.md#an-external-broker).
   */
  BROKER_ADMIN_URL: url(['http', 'https']).optional(),
  BROKER_ADMIN_KEY: z.string().min(1).optional(),
  BROKER_ADMIN_SECRET: z.string().min(1).optional(),
  /** Run the shop simulator in-process (it moves every paid order along). Default: on, except in production and tests. */
  SHOP_SIM: bool.optional(),
  /** One log line per request (method, path, status, time); on by default in production. */
  REQUEST_LOGS: bool.optional(),
  /** Pause between two shop steps of one order in the simulator. */
  SHOP_SIM_STEP_MS: z.coerce.number().int().min(100).max(600_000).default(4000),
  /** The account the shop simulator signs in as: the demo's staff member of every shop (data/seed/shop-people.json). */
  SHOP_SIM_PHONE: z
    .string()
    .regex(/^91[6-9]\d{9}$/)
    .default('919000000001'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config
  extends Omit<
    Env,
    | 'DATA_DIR'
    | 'WEB_DIST'
    | 'JWT_SECRET'
    | 'DEVICE_KEY'
    | 'TESTPAY_KEY_SECRET'
    | 'LOCKER_SIM'
    | 'JOB_WORKER'
    | 'OPS_TOKEN'
    | 'SHOP_SIM'
    | 'SEED_DEMO'
    | 'API_DOCS'
    | 'REQUEST_LOGS'
  > {
  REQUEST_LOGS: boolean;
  SEED_DEMO: boolean;
  API_DOCS: boolean;
  OPS_TOKEN: string;
  SHOP_SIM: boolean;
  LOCKER_SIM: boolean;
  JOB_WORKER: boolean;
  DATA_DIR: string;
  WEB_DIST: string;
  JWT_SECRET: string;
  DEVICE_KEY: string;
  TESTPAY_KEY_SECRET: string;
  /** Who issues Petti's receipts; the GSTIN is null only in a production demo on testpay. */
  ISSUER: { name: string; address: string; gstin: string | null };
  /** Null when not configured (in production nothing is made up). */
  SUPPORT: { phone: string | null; email: string | null; whatsapp: string | null };
  /** `razorpay` when its keys are set, else the embedded `testpay`. */
  PAYMENT_PROVIDER: 'razorpay' | 'testpay';
  isProduction: boolean;
}

/** The demo's issuer of receipts: a made-up GSTIN of the right form, for Tamil Nadu (state 33). */
export const DEV_ISSUER = {
  name: 'Petti Local Commerce (demo)',
  address: 'Sivakasi, Tamil Nadu 626123',
  gstin: '33ABCDE1234F1Z7',
};

/** The demo's help desk (outside production only, like the secrets below). */
export const DEV_SUPPORT = { phone: '+914562200200', email: 'help@petti.local', whatsapp: '+919445200200' };

/** Used only outside production, so a fresh clone runs with no settings. */
const DEV_JWT_SECRET = 'petti-development-secret-do-not-use-in-production';
const DEV_DEVICE_KEY = 'petti-development-device-key';
/** testpay's development secret (README, docs/payments.md): public, so never used in production. */
export const DEV_TESTPAY_KEY_SECRET = 'testpay_development_secret';
/** The ops API's development token (README): public, so production refuses to start without OPS_TOKEN. */
export const DEV_OPS_TOKEN = 'petti-development-ops-token';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(
  source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): Config {
  // Empty strings mean "not set", as they do in most .env files and CI matrices.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !env.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
  if (isProduction && !env.DEVICE_KEY) problems.push('DEVICE_KEY: required when NODE_ENV=production');
  if (isProduction && !env.OPS_TOKEN) problems.push('OPS_TOKEN: required when NODE_ENV=production');
  if (env.BROKER_ADMIN_URL && (!env.BROKER_ADMIN_KEY || !env.BROKER_ADMIN_SECRET))
    problems.push('BROKER_ADMIN_KEY and BROKER_ADMIN_SECRET: required with BROKER_ADMIN_URL');
  if (isProduction && env.SEED_DEMO) problems.push('SEED_DEMO: production never loads the demo data');
  if (env.SMS_PROVIDER === 'msg91' && (!env.MSG91_AUTH_KEY || !env.MSG91_TEMPLATE_ID)) {
    problems.push('MSG91_AUTH_KEY and MSG91_TEMPLATE_ID: required when SMS_PROVIDER=msg91');
  }
  if (
    env.STORAGE_PROVIDER === 's3' &&
    !(env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)
  ) {
    problems.push(
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required when STORAGE_PROVIDER=s3',
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither outside production');
  }
  if (isProduction && !env.VAPID_PUBLIC_KEY) {
    problems.push(
      'VAPID_PUBLIC_KEY: required in production (every process signs pushes with the same key pair)',
    );
  }
  if (env.EMAIL_PROVIDER === 'sendgrid' && !env.SENDGRID_API_KEY)
    problems.push('SENDGRID_API_KEY: required when EMAIL_PROVIDER=sendgrid');
  if (isProduction && env.EMAIL_PROVIDER === 'outbox') {
    problems.push(
      'EMAIL_PROVIDER: the dev outbox never sends real email; set EMAIL_PROVIDER=sendgrid in production',
    );
  }
  if (isProduction && env.SMS_PROVIDER === 'outbox') {
    problems.push('SMS_PROVIDER: the dev outbox never sends real SMS; set SMS_PROVIDER=msg91 in production');
  }
  if (env.MQTT_URL && !env.MQTT_PUBLIC_URL && isProduction) {
    problems.push(
      'MQTT_PUBLIC_URL: required with MQTT_URL in production (the WebSocket address browsers use)',
    );
  }
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    problems.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both (Razorpay) or neither (testpay)');
  }
  const paymentProvider = env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET ? 'razorpay' : 'testpay';
  if (isProduction && paymentProvider === 'testpay' && !env.TESTPAY_IN_PRODUCTION) {
    problems.push(
      'RAZORPAY_KEY_ID: testpay moves no money; set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET in production (or TESTPAY_IN_PRODUCTION=true for a demo)',
    );
  }
  if (isProduction && paymentProvider === 'testpay' && env.TESTPAY_IN_PRODUCTION && !env.TESTPAY_KEY_SECRET) {
    problems.push('TESTPAY_KEY_SECRET: required with TESTPAY_IN_PRODUCTION (the default is public)');
  }
  if (isProduction && paymentProvider === 'razorpay' && !env.PETTI_GSTIN) {
    problems.push("PETTI_GSTIN: required with Razorpay in production (Petti's receipts charge GST)");
  }
  if (isProduction && paymentProvider === 'razorpay' && !env.RAZORPAY_WEBHOOK_SECRET) {
    problems.push(
      'RAZORPAY_WEBHOOK_SECRET: required with Razorpay in production (webhooks capture payments the app never confirmed)',
    );
  }
  if (env.DISTANCE_PROVIDER === 'osrm' && !env.OSRM_URL)
    problems.push('OSRM_URL: required when DISTANCE_PROVIDER=osrm');
  if ((env.DISTANCE_PROVIDER === 'google' || env.GEOCODER_PROVIDER === 'google') && !env.GOOGLE_MAPS_API_KEY)
    problems.push('GOOGLE_MAPS_API_KEY: required when DISTANCE_PROVIDER=google or GEOCODER_PROVIDER=google');
  if (problems.length) throw new ConfigError(problems);
  return {
    ...env,
    DATA_DIR: resolve(env.DATA_DIR),
    WEB_DIST: resolve(env.WEB_DIST),
    JWT_SECRET: env.JWT_SECRET ?? DEV_JWT_SECRET,
    DEVICE_KEY: env.DEVICE_KEY ?? DEV_DEVICE_KEY,
    LOCKER_SIM: env.LOCKER_SIM ?? (!isProduction && env.NODE_ENV !== 'test'),
    SEED_DEMO: env.SEED_DEMO ?? !isProduction,
    API_DOCS: env.API_DOCS ?? !isProduction,
    REQUEST_LOGS: env.REQUEST_LOGS ?? isProduction,
    OPS_TOKEN: env.OPS_TOKEN ?? DEV_OPS_TOKEN,
    SHOP_SIM: env.SHOP_SIM ?? (!isProduction && env.NODE_ENV !== 'test'),
    JOB_WORKER: env.JOB_WORKER ?? env.NODE_ENV !== 'test',
    TESTPAY_KEY_SECRET: env.TESTPAY_KEY_SECRET ?? DEV_TESTPAY_KEY_SECRET,
    PAYMENT_PROVIDER: paymentProvider,
    ISSUER: {
      name: env.PETTI_LEGAL_NAME ?? DEV_ISSUER.name,
      address: env.PETTI_ADDRESS ?? DEV_ISSUER.address,
      gstin: env.PETTI_GSTIN ?? (isProduction ? null : DEV_ISSUER.gstin),
    },
    SUPPORT: {
      phone: env.SUPPORT_PHONE ?? (isProduction ? null : DEV_SUPPORT.phone),
      email: env.SUPPORT_EMAIL ?? (isProduction ? null : DEV_SUPPORT.email),
      whatsapp: env.SUPPORT_WHATSAPP ?? (isProduction ? null : DEV_SUPPORT.whatsapp),
    },
    isProduction,
  };
}
