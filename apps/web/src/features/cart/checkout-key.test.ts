import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage.ts';
import { CHECKOUT_KEY_STORAGE, checkoutKeyFor, fingerprintOf, forgetCheckoutKey } from './checkout-key.ts';

const request = {
  sellerId: 'sri-murugan-stores',
  deliveryType: 'home',
  addressId: 'a1',
  items: [
    { vrntId: 'v1', quantity: 2 },
    { vrntId: 'v2', quantity: 1 },
  ],
};

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('checkout idempotency key', () => {
  it('keeps one key across retries of the same request, even after a reload', () => {
    const storage = memoryStorage();
    const next = counter();
    const first = checkoutKeyFor(storage, request, next);
    expect(first).toBe('key-1');
    expect(checkoutKeyFor(storage, { ...request }, next)).toBe('key-1');
    // A reload reads the same storage: same key.
    const reloaded = memoryStorage({ [CHECKOUT_KEY_STORAGE]: storage.getItem(CHECKOUT_KEY_STORAGE)! });
    expect(checkoutKeyFor(reloaded, request, next)).toBe('key-1');
  });

  it('does not care about key or item order', () => {
    const reordered = {
      items: [
        { quantity: 1, vrntId: 'v2' },
        { quantity: 2, vrntId: 'v1' },
      ],
      addressId: 'a1',
      deliveryType: 'home',
      sellerId: 'sri-murugan-stores',
    };
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(request));
  });

  it('makes a new key when the request changes', () => {
    const storage = memoryStorage();
    const next = counter();
    checkoutKeyFor(storage, request, next);
    const changed = { ...request, items: [{ vrntId: 'v1', quantity: 3 }] };
    expect(checkoutKeyFor(storage, changed, next)).toBe('key-2');
    expect(checkoutKeyFor(storage, { ...request, deliveryType: 'curbside' }, next)).toBe('key-3');
  });

  it('starts a new attempt after the key is forgotten', () => {
    const storage = memoryStorage();
    const next = counter();
    checkoutKeyFor(storage, request, next);
    forgetCheckoutKey(storage);
    expect(storage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
    expect(checkoutKeyFor(storage, request, next)).toBe('key-2');
  });

  it('survives garbage in storage', () => {
    const storage = memoryStorage({ [CHECKOUT_KEY_STORAGE]: '{not json' });
    expect(checkoutKeyFor(storage, request, counter())).toBe('key-1');
  });
});
