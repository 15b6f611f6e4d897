import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('locker settings', () => {
  it('runs the simulator and the timer worker in development, neither in tests; only the worker in production', () => {
    const dev = loadConfig({});
    expect(dev).toMatchObject({
      LOCKER_SIM: true,
      JOB_WORKER: true,
      LOCKER_OFFLINE_SECONDS: 90,
      JOB_POLL_MS: 1000,
    });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ LOCKER_SIM: false, JOB_WORKER: false });
    const prod = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DEVICE_KEY: 'y'.repeat(20),
      OPS_TOKEN: 'o'.repeat(20),
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'k',
      MSG91_TEMPLATE_ID: 't',
      EMAIL_PROVIDER: 'sendgrid',
      SENDGRID_API_KEY: 's',
      RAZORPAY_KEY_ID: 'rzp_live_abc',
      RAZORPAY_KEY_SECRET: 'secret-secret',
      VAPID_PUBLIC_KEY:
        'BO_A9lkpDYFT92tTtm4WpNXElcuFdn9bimAOHHxq0oBIoWJ6B5kGv_GM5H-Yv3I20vYdpEufEPcQ5DQvnd_tEjM',
      VAPID_PRIVATE_KEY: 'xqD1E5TTZm0pQga2rVDFYfk24va_Mg8wk0UYoM7iwNg',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      PETTI_GSTIN: '33ABCDE1234F1Z7',
    });
    expect(prod).toMatchObject({ LOCKER_SIM: false, JOB_WORKER: true });
    // The shop simulator (@petti/simulators) follows the locker simulator's defaults.
    expect([dev.SHOP_SIM, loadConfig({ NODE_ENV: 'test' }).SHOP_SIM, prod.SHOP_SIM]).toEqual([
      true,
      false,
      false,
    ]);
    expect(loadConfig({ SHOP_SIM: 'false' }).SHOP_SIM).toBe(false);
    expect(loadConfig({ LOCKER_SIM: 'false', JOB_WORKER: 'off' })).toMatchObject({
      LOCKER_SIM: false,
      JOB_WORKER: false,
    });
  });

  it('refuses nonsense values with the variable named', () => {
    expect(() => loadConfig({ LOCKER_OFFLINE_SECONDS: '5' })).toThrow(/LOCKER_OFFLINE_SECONDS/);
    expect(() => loadConfig({ JOB_POLL_MS: 'often' })).toThrow(/JOB_POLL_MS/);
    expect(() => loadConfig({ LOCKER_SIM: 'maybe' })).toThrow(/LOCKER_SIM/);
  });
});
