import { resolve } from 'node:path';
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
  MQTT_URL: url(['mqtt', 'mqtts', 'ws', 'wss', 'tcp']).optional(),
  MQTT_PUBLIC_URL: url(['ws', 'wss']).optional(),
  /** Plain MQTT for locker controllers on the embedded broker; `0` turns it off. 1883 is left to a system broker. */
  MQTT_TCP_PORT: port.default(1884),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  SEED_DEMO: bool.default(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  /** The web client's id, carried in tokens as `client_id` and sent by the app in `x-client-id`. */
  CLIENT_ID: z.string().min(1).max(64).default('petti-web'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  // Sign-in code limits (PRODUCT.md). Each must be at least 1: they can be tuned, never switched off.
  AUTH_CODE_TTL_SECONDS: z.coerce.number().int().min(30).max(900).default(180),
  AUTH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  AUTH_RESEND_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  AUTH_CODES_PER_HOUR: z.coerce.number().int().min(1).max(50).default(5),
  AUTH_IP_CODES_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(30),
  SMS_PROVIDER: z.enum(['outbox', 'msg91']).default('outbox'),
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  MSG91_TEMPLATE_ID: z.string().min(1).optional(),
  EMAIL_PROVIDER: z.enum(['outbox', 'sendgrid']).default('outbox'),
  SENDGRID_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.email().default('no-reply@petti.local'),
  /** Trust X-Forwarded-For from a reverse proxy (needed behind one for per-IP limits to see real clients). */
  TRUST_PROXY: bool.default(false),
  /** Secret from which each locker site's controller password is derived. */
  DEVICE_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR' | 'WEB_DIST' | 'JWT_SECRET' | 'DEVICE_KEY'> {
  DATA_DIR: string;
  WEB_DIST: string;
  JWT_SECRET: string;
  DEVICE_KEY: string;
  isProduction: boolean;
}

/** Used only outside production, so a fresh clone runs with no settings. */
const DEV_JWT_SECRET = 'petti-development-secret-do-not-use-in-production';
const DEV_DEVICE_KEY = 'petti-development-device-key';

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
  if (env.SMS_PROVIDER === 'msg91' && (!env.MSG91_AUTH_KEY || !env.MSG91_TEMPLATE_ID)) {
    problems.push('MSG91_AUTH_KEY and MSG91_TEMPLATE_ID: required when SMS_PROVIDER=msg91');
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
  if (problems.length) throw new ConfigError(problems);
  return {
    ...env,
    DATA_DIR: resolve(env.DATA_DIR),
    WEB_DIST: resolve(env.WEB_DIST),
    JWT_SECRET: env.JWT_SECRET ?? DEV_JWT_SECRET,
    DEVICE_KEY: env.DEVICE_KEY ?? DEV_DEVICE_KEY,
    isProduction,
  };
}
