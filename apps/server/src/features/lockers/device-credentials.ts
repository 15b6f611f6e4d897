import { createHmac } from 'node:crypto';

/**
 * Each locker site's controller signs in to the broker as `site:{siteId}` with a password derived
 * from the server's DEVICE_KEY, so no per-device secret table is needed and a key rotation
 * re-keys every site at once. The simulator derives the same password from the same key.
 */
export const DEVICE_USERNAME_PREFIX = 'site:';

export function devicePassword(deviceKey: string, siteId: string): string {
  return createHmac('sha256', deviceKey).update(`locker-site:${siteId}`).digest('base64url');
}
