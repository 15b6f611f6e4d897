import { STORAGE_KEYS } from '@petti/shared/constants';
import { type KeyValueStorage, localStore, readItem } from './storage.ts';

/**
 * This device's session id (docs/product.md#device-session): sent as `x-session-id` with every
 * API call and named in the events those calls cause, so a device can tell its own events from
 * another device's. Stable for the device, not secret, and not tied to the signed-in user.
 */
const FORMAT = /^[A-Za-z0-9_-]{8,64}$/;

export function deviceSessionId(storage: KeyValueStorage = localStore()): string {
  const stored = readItem(storage, STORAGE_KEYS.sessionId);
  if (stored && FORMAT.test(stored)) return stored;
  const fresh = `d-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
  try {
    storage.setItem(STORAGE_KEYS.sessionId, fresh);
  } catch {
    // Without storage the id lasts as long as the page: still unique to this device.
  }
  return fresh;
}
