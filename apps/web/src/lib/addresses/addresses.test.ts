import { describe, expect, it } from 'vitest';
import { SAVED_ADDRESS_PARAM, withSavedAddressParam } from './addresses.ts';

describe('handing a new address back to the page that asked for it', () => {
  it('adds its id to the path, keeping the rest of the address', () => {
    expect(withSavedAddressParam('/MyCart', 'a1')).toBe(`/MyCart?${SAVED_ADDRESS_PARAM}=a1`);
    expect(withSavedAddressParam('/procced?x=1#pay', 'a 2')).toBe('/procced?x=1&savedAddress=a+2#pay');
  });
});
