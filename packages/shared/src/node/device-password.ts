import { createHmac } from 'node:crypto';

/**
 * Each locker site's controller signs in to the broker as `site:{siteId}` with a password derived
 * from the server's DEVICE_KEY, so no per-device secret table is needed and a key rotation
 * re-keys every site at once. The server checks it and the simulator signs in with it, so both
 * take it from here.
 *
 * It needs node:crypto, so it lives in src/node/ (imported as `@petti/shared/node/device-password`),
 * which the dependency rules keep out of the web app's reach.
 */
export const DEVICE_USERNAME_PREFIX = 'site:';

export function devicePassword(deviceKey: string, siteId: string): string {
  return createHmac('sha256', deviceKey).update(`locker-site:${siteId}`).digest('base64url');
}

/**
 * Petti's own processes, as clients of an external broker that asks Petti's hooks who may connect
 * (docs/deploy.md#an-external-broker): a fixed user name and a password derived from DEVICE_KEY.
 */
export const SERVER_USERNAME = 'petti-server';

export function serverPassword(deviceKey: string): string {
  return createHmac('sha256', deviceKey).update('petti-server').digest('base64url');
}
