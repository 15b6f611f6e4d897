import { describe, expect, it } from 'vitest';
import { DEVICE_USERNAME_PREFIX, devicePassword } from './device-password.ts';

describe('devicePassword', () => {
  // Controllers in the field hold passwords derived by this rule, so any change to it locks them
  // all out; the expected value was worked out with openssl, not with this code.
  it('is base64url(HMAC-SHA256(key, "locker-site:{siteId}"))', () => {
    expect(devicePassword('petti-development-device-key', 'bus-stand')).toBe(
      '4PPorgqmrOTBFPxgHYE1j5mv0gLJQ3usany68QvczoY',
    );
  });

  it('differs per site and per key', () => {
    const key = 'petti-development-device-key';
    expect(devicePassword(key, 'thiruthangal')).not.toBe(devicePassword(key, 'bus-stand'));
    expect(devicePassword('another-device-key', 'bus-stand')).not.toBe(devicePassword(key, 'bus-stand'));
  });

  it('is URL-safe with no padding, so it travels in an MQTT password as is', () => {
    expect(devicePassword('k', 'a')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('pairs with the site: user name', () => {
    expect(DEVICE_USERNAME_PREFIX).toBe('site:');
  });
});
