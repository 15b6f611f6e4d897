import { describe, expect, it } from 'vitest';
import { canCancel, curbsideStage } from './order-actions.ts';

describe('order actions', () => {
  it('offers cancel only before packing', () => {
    expect(canCancel({ state: 'placed' })).toBe(true);
    expect(canCancel({ state: 'accepted' })).toBe(true);
    expect(canCancel({ state: 'packed' })).toBe(false);
    expect(canCancel({ state: 'delivered' })).toBe(false);
  });

  it('knows which curbside check-ins apply', () => {
    expect(curbsideStage({ state: 'accepted', deliveryType: 'curbside' })).toBe('waiting');
    expect(curbsideStage({ state: 'ready_for_pickup', deliveryType: 'curbside' })).toBe('ready');
    expect(curbsideStage({ state: 'arrived', deliveryType: 'curbside' })).toBe('arrived');
    expect(curbsideStage({ state: 'handed_over', deliveryType: 'curbside' })).toBe('none');
    expect(curbsideStage({ state: 'ready_for_pickup', deliveryType: 'home' })).toBe('none');
  });
});
