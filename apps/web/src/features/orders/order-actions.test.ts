import { describe, expect, it } from 'vitest';
import { canCancel } from './order-actions.ts';

describe('order actions', () => {
  it('offers cancel only before packing', () => {
    expect(canCancel({ state: 'placed' })).toBe(true);
    expect(canCancel({ state: 'accepted' })).toBe(true);
    expect(canCancel({ state: 'packed' })).toBe(false);
    expect(canCancel({ state: 'delivered' })).toBe(false);
  });
});
