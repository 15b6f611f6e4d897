import type { KeyValueStorage } from '../../lib/storage.ts';
import { readItem } from '../../lib/storage.ts';

/**
 * The Idempotency-Key of the current checkout attempt (POST /api/orders). It is made once for a
 * given order request and kept in storage, so a retry — after a timeout, a reload, or the app being
 * killed while the answer was on its way — sends the same key and the server answers the same order
 * instead of making a second one. A different request (other items, other delivery) is a new attempt
 * with a new key. The key is forgotten once the order is known to exist.
 */

export const CHECKOUT_KEY_STORAGE = 'checkoutAttempt';

interface StoredAttempt {
  key: string;
  fingerprint: string;
}

/** A stable text for "the same order request": key order and item order do not matter. */
export function fingerprintOf(request: Record<string, unknown>): string {
  const normalise = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(normalise);
      return items.every((i) => typeof i === 'object' && i !== null)
        ? [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
        : items;
    }
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, normalise(v)]),
      );
    }
    return value;
  };
  return JSON.stringify(normalise(request));
}

function read(storage: KeyValueStorage): StoredAttempt | null {
  const raw = readItem(storage, CHECKOUT_KEY_STORAGE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredAttempt>;
    return typeof parsed.key === 'string' && typeof parsed.fingerprint === 'string'
      ? { key: parsed.key, fingerprint: parsed.fingerprint }
      : null;
  } catch {
    return null;
  }
}

/** The key for this request: the stored one when the request is the same, else a new one (stored). */
export function checkoutKeyFor(
  storage: KeyValueStorage,
  request: Record<string, unknown>,
  newKey: () => string = () => crypto.randomUUID(),
): string {
  const fingerprint = fingerprintOf(request);
  const stored = read(storage);
  if (stored && stored.fingerprint === fingerprint) return stored.key;
  const key = newKey();
  try {
    storage.setItem(CHECKOUT_KEY_STORAGE, JSON.stringify({ key, fingerprint } satisfies StoredAttempt));
  } catch {
    // Without storage the key still holds for this page's retries.
  }
  return key;
}

/** The order exists (or the request can never succeed): the next checkout is a new attempt. */
export function forgetCheckoutKey(storage: KeyValueStorage): void {
  try {
    storage.removeItem(CHECKOUT_KEY_STORAGE);
  } catch {
    // nothing to forget
  }
}
