import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Production with real SMS, email and payment providers: what every production test starts from. */
const PRODUCTION_PROVIDERS = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'k',
  MSG91_TEMPLATE_ID: 't',
  EMAIL_PROVIDER: 'sendgrid',
  SENDGRID_API_KEY: 's',
  RAZORPAY_KEY_ID: 'rzp_live_abc123',
  RAZORPAY_KEY_SECRET: 'secret-from-dashboard',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
  PETTI_GSTIN: '33ABCDE1234F1Z7',
  VAPID_PUBLIC_KEY: 'BO_A9lkpDYFT92tTtm4WpNXElcuFdn9bimAOHHxq0oBIoWJ6B5kGv_GM5H-Yv3I20vYdpEufEPcQ5DQvnd_tEjM',
  VAPID_PRIVATE_KEY: 'xqD1E5TTZm0pQga2rVDFYfk24va_Mg8wk0UYoM7iwNg',
};

describe('loadConfig', () => {
  it('runs a fresh clone with no settings at all', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR.endsWith('/data')).toBe(true);
    expect(config.LOG_LEVEL).toBe('warn');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MQTT_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: .*postgres/m);
    expect(problems).toMatch(/^LOG_LEVEL: /m);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it('refuses to run production without a real token secret', () => {
    const prod = PRODUCTION_PROVIDERS;
    expect(() => loadConfig(prod)).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...prod, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32/);
    expect(() => loadConfig({ ...prod, JWT_SECRET: 'x'.repeat(32) })).toThrow(/DEVICE_KEY/);
    const keys = { JWT_SECRET: 'x'.repeat(32), DEVICE_KEY: 'd'.repeat(16) };
    // The ops API's development token is public: production needs its own.
    expect(() => loadConfig({ ...prod, ...keys })).toThrow(/OPS_TOKEN: required/);
    expect(() => loadConfig({ ...prod, ...keys, OPS_TOKEN: 'short' })).toThrow(
      /OPS_TOKEN: must be at least 16/,
    );
    expect(loadConfig({ ...prod, ...keys, OPS_TOKEN: 'o'.repeat(16) }).isProduction).toBe(true);
    expect(loadConfig({}).OPS_TOKEN).toBe('petti-development-ops-token');
  });

  it('never lets the dev SMS outbox or a switched-off code limit into production', () => {
    const base = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      DEVICE_KEY: 'd'.repeat(16),
      EMAIL_PROVIDER: 'sendgrid',
      SENDGRID_API_KEY: 's',
    };
    expect(() => loadConfig(base)).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ AUTH_CODES_PER_HOUR: '0' })).toThrow(/AUTH_CODES_PER_HOUR/);
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91' })).toThrow(/MSG91_AUTH_KEY/);
  });

  it('picks testpay by default and Razorpay when both its keys are set', () => {
    const dev = loadConfig({});
    expect(dev.PAYMENT_PROVIDER).toBe('testpay');
    expect(dev.TESTPAY_KEY_ID).toBe('testpay_key');
    expect(dev.TESTPAY_KEY_SECRET).toBe('testpay_development_secret');
    const rzp = loadConfig({
      RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
      RAZORPAY_KEY_SECRET: 'thisisasecret',
    });
    expect(rzp.PAYMENT_PROVIDER).toBe('razorpay');
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag' })).toThrow(
      /RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both/,
    );
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'key_1', RAZORPAY_KEY_SECRET: 'thisisasecret' })).toThrow(
      /RAZORPAY_KEY_ID: must look like rzp_test_/,
    );
  });

  it('refuses testpay in production unless a demo asks for it with its own secret', () => {
    const prod = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      DEVICE_KEY: 'd'.repeat(16),
      OPS_TOKEN: 'o'.repeat(16),
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'k',
      MSG91_TEMPLATE_ID: 't',
      EMAIL_PROVIDER: 'sendgrid',
      SENDGRID_API_KEY: 's',
      VAPID_PUBLIC_KEY: PRODUCTION_PROVIDERS.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: PRODUCTION_PROVIDERS.VAPID_PRIVATE_KEY,
    };
    expect(() => loadConfig(prod)).toThrow(/testpay moves no money/);
    expect(() => loadConfig({ ...prod, TESTPAY_IN_PRODUCTION: 'true' })).toThrow(
      /TESTPAY_KEY_SECRET: required/,
    );
    const demo = loadConfig({
      ...prod,
      TESTPAY_IN_PRODUCTION: 'true',
      TESTPAY_KEY_SECRET: 'a-demo-secret-of-length',
    });
    expect(demo.PAYMENT_PROVIDER).toBe('testpay');
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_abc123', RAZORPAY_KEY_SECRET: 'secret-from-dashboard' };
    expect(() => loadConfig({ ...prod, ...keys })).toThrow(/RAZORPAY_WEBHOOK_SECRET: required/);
    // Real money: Petti's receipts carry its GSTIN, a true one.
    expect(() => loadConfig({ ...prod, ...keys, PETTI_GSTIN: '' })).toThrow(/PETTI_GSTIN: required/);
    expect(() => loadConfig({ ...prod, ...keys, PETTI_GSTIN: '33ABCDE1234F1Z5' })).toThrow(
      /PETTI_GSTIN: not a valid GSTIN/,
    );
    const live = loadConfig({
      ...prod,
      ...keys,
      RAZORPAY_WEBHOOK_SECRET: 'whsecret1',
      PETTI_GSTIN: '33abcde1234f1z7',
    });
    expect(live.PAYMENT_PROVIDER).toBe('razorpay');
    expect(live.ISSUER.gstin).toBe('33ABCDE1234F1Z7');
  });

  it('accepts the external services used in production', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/petti',
      MQTT_URL: 'mqtt://broker:1883',
      MQTT_TCP_PORT: '0',
    });
    expect(config.DATABASE_URL).toBe('postgres://u@db:5432/petti');
    expect(config.MQTT_URL).toBe('mqtt://broker:1883');
    expect(config.MQTT_TCP_PORT).toBe(0);
  });

  it('needs both VAPID keys or neither, and both in production', () => {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, ...withoutKeys } = PRODUCTION_PROVIDERS;
    expect(() => loadConfig({ VAPID_PUBLIC_KEY })).toThrow(/set both/);
    expect(() =>
      loadConfig({
        ...withoutKeys,
        JWT_SECRET: 'x'.repeat(32),
        DEVICE_KEY: 'd'.repeat(16),
        OPS_TOKEN: 'o'.repeat(16),
      }),
    ).toThrow(/VAPID_PUBLIC_KEY: required in production/);
    expect(loadConfig({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY }).VAPID_SUBJECT).toMatch(/^mailto:/);
  });

  it('keeps photos in a folder by default, and in a bucket only with all its settings', () => {
    expect(loadConfig({}).STORAGE_PROVIDER).toBe('folder');
    expect(() => loadConfig({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'photos' })).toThrow(
      /S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required/,
    );
    const s3 = loadConfig({
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com',
      S3_BUCKET: 'petti-photos',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3).toMatchObject({ STORAGE_PROVIDER: 's3', S3_REGION: 'ap-south-1' });
  });

  it('never loads demo data in production, shows no API explorer unless asked, and makes up no help desk', () => {
    const prod = {
      ...PRODUCTION_PROVIDERS,
      JWT_SECRET: 'x'.repeat(32),
      DEVICE_KEY: 'd'.repeat(16),
      OPS_TOKEN: 'o'.repeat(24),
    };
    const config = loadConfig(prod);
    expect(config).toMatchObject({ SEED_DEMO: false, API_DOCS: false });
    expect(config.SUPPORT).toEqual({ phone: null, email: null, whatsapp: null });
    expect(loadConfig({ ...prod, API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: production never loads/);
    expect(loadConfig({})).toMatchObject({ SEED_DEMO: true, API_DOCS: true });
    expect(loadConfig({}).SUPPORT.phone).toMatch(/^\+91/);
  });
});
