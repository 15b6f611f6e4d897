import { describe, expect, it } from 'vitest';
import {
  canOrderTransition,
  nextShopState,
  OPS_ORDER_ACTIONS,
  ORDER_DELIVERY_TYPES,
  type OrderState,
  opsActionFor,
  placeOrderBody,
} from './orders.ts';

/** Where the shop's steps alone take an order, and the buyer's step that lets it go on. */
function walk(type: (typeof ORDER_DELIVERY_TYPES)[number]): OrderState[] {
  const seen: OrderState[] = ['placed'];
  let s: OrderState = 'placed';
  for (;;) {
    const next = nextShopState(s, type);
    if (!next) return seen;
    expect(canOrderTransition(s, next, type)).toBe(true);
    expect(opsActionFor(next)).not.toBeNull();
    seen.push(next);
    s = next;
  }
}

describe('order states', () => {
  it('the shop moves each delivery type to its end or to the buyer’s own step', () => {
    expect(walk('home')).toEqual(['placed', 'accepted', 'packed', 'out_for_delivery', 'delivered']);
    expect(walk('locker')).toEqual(['placed', 'accepted', 'packed', 'in_locker']);
    expect(walk('curbside')).toEqual(['placed', 'accepted', 'packed', 'ready_for_pickup']);
    expect(nextShopState('arrived', 'curbside')).toBe('handed_over');
    expect(nextShopState('in_locker', 'locker')).toBeNull();
  });

  it('allows no step of another delivery type, and nothing after the end', () => {
    expect(canOrderTransition('packed', 'in_locker', 'home')).toBe(false);
    expect(canOrderTransition('packed', 'out_for_delivery', 'locker')).toBe(false);
    expect(canOrderTransition('packed', 'cancelled', 'home')).toBe(false);
    for (const type of ORDER_DELIVERY_TYPES)
      for (const to of Object.values(OPS_ORDER_ACTIONS))
        for (const end of ['delivered', 'collected', 'handed_over', 'cancelled', 'timed_out'] as const)
          expect(canOrderTransition(end, to, type)).toBe(false);
  });
});

describe('placeOrderBody', () => {
  const base = { sellerId: 's', items: [{ vrntId: 'v', quantity: 1, productPrice: 10 }] };
  it('needs the destination of its delivery type', () => {
    expect(placeOrderBody.safeParse({ ...base, deliveryType: 'home' }).success).toBe(false);
    expect(placeOrderBody.safeParse({ ...base, deliveryType: 'locker' }).success).toBe(false);
    expect(placeOrderBody.safeParse({ ...base, deliveryType: 'curbside' }).success).toBe(false);
    expect(placeOrderBody.safeParse({ ...base, deliveryType: 'home', addressId: 'a' }).success).toBe(true);
  });

  it('normalises the vehicle number and the alternate pickup phone', () => {
    const r = placeOrderBody.parse({
      ...base,
      deliveryType: 'curbside',
      vehicleNo: 'tn-67 ab 1234',
      alternatePickup: { name: ' Selvi ', phone: '+91 98765 01234' },
    });
    expect(r.vehicleNo).toBe('TN67AB1234');
    expect(r.alternatePickup).toEqual({ name: 'Selvi', phone: '919876501234' });
    expect(placeOrderBody.safeParse({ ...base, deliveryType: 'curbside', vehicleNo: 'hello' }).success).toBe(
      false,
    );
  });

  it('keeps the cart limits: 20 a line, 30 in all', () => {
    const line = (vrntId: string, quantity: number) => ({ vrntId, quantity, productPrice: 1 });
    const body = (items: object[]) => ({ sellerId: 's', deliveryType: 'home', addressId: 'a', items });
    expect(placeOrderBody.safeParse(body([line('a', 21)])).success).toBe(false);
    expect(placeOrderBody.safeParse(body([line('a', 20), line('b', 11)])).success).toBe(false);
    expect(placeOrderBody.safeParse(body([line('a', 20), line('b', 10)])).success).toBe(true);
  });
});
