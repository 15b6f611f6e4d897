import type { CartProduct } from '@petti/shared/rules/cart';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.ts';
import { createCartStore, loadCart } from './cart-store.ts';

function product(vrntId: string, over: Partial<CartProduct> = {}): CartProduct {
  return {
    unitValue: 1,
    name: `Product ${vrntId}`,
    image_url: null,
    unit: 'kg',
    slrId: 'murugan',
    prdtId: `p-${vrntId}`,
    vrntId,
    tciId: 'grocery',
    productPrice: 46,
    marketPrice: 50,
    inventory: 100,
    alwaysInventory: false,
    ...over,
  };
}

describe('cart store', () => {
  it('adds through the rules and keeps the cart in storage as `cart` (the delivery cart field names)', () => {
    const storage = memoryStorage();
    const store = createCartStore(storage);
    expect(store.add(product('sugar'), 'Sri Murugan Stores').outcome).toBe('added');
    expect(store.add(product('sugar'), 'Sri Murugan Stores').outcome).toBe('added');
    const saved = JSON.parse(storage.getItem('cart')!);
    expect(Object.keys(saved).sort()).toEqual(
      ['brandName', 'cartId', 'count', 'items', 'savings', 'sellerId', 'total'].sort(),
    );
    expect(saved).toMatchObject({
      count: 2,
      total: 92,
      savings: 8,
      sellerId: 'murugan',
      brandName: 'Sri Murugan Stores',
    });
    expect(saved.items[0]).toMatchObject({ quantity: 2, product: { vrntId: 'sugar', slrId: 'murugan' } });
  });

  it('survives a reload: a new store reads the same cart', () => {
    const storage = memoryStorage();
    createCartStore(storage).add(product('salt'), 'Shop');
    const again = createCartStore(storage);
    expect(again.getState().cart.items).toHaveLength(1);
    expect(again.getState().cart.count).toBe(1);
  });

  it('refuses an add beyond the rules and saves nothing', () => {
    const storage = memoryStorage();
    const store = createCartStore(storage);
    const rice = product('rice', { inventory: 1 });
    expect(store.add(rice, 'Shop').outcome).toBe('added');
    const before = storage.getItem('cart');
    expect(store.add(rice, 'Shop').outcome).toBe('stockLimit');
    expect(storage.getItem('cart')).toBe(before);
  });

  it('answers needsReplace for another shop, and replaceWith starts a new cart', () => {
    const store = createCartStore(memoryStorage());
    store.add(product('sugar'), 'Sri Murugan Stores');
    const sweet = product('mysore-pak', { slrId: 'santhi' });
    expect(store.add(sweet, 'Santhi Sweets').outcome).toBe('needsReplace');
    expect(store.getState().cart.sellerId).toBe('murugan');
    expect(store.replaceWith(sweet, 'Santhi Sweets').outcome).toBe('added');
    expect(store.getState().cart).toMatchObject({ sellerId: 'santhi', brandName: 'Santhi Sweets', count: 1 });
  });

  it('removes one at a time and resets seller and brand when empty', () => {
    const store = createCartStore(memoryStorage());
    store.add(product('sugar'), 'Shop');
    store.add(product('sugar'), 'Shop');
    store.remove('sugar');
    expect(store.getState().cart.count).toBe(1);
    store.remove('sugar');
    expect(store.getState().cart).toMatchObject({
      items: [],
      count: 0,
      total: 0,
      savings: 0,
      sellerId: null,
      brandName: null,
    });
  });

  it('applies validation: BAD lines go with their messages, kept lines take today’s price', () => {
    const storage = memoryStorage();
    const store = createCartStore(storage);
    store.add(product('a'), 'Shop');
    store.add(product('b'), 'Shop');
    const { removed, priceChanged } = store.applyValidation([
      { vrntId: 'a', status: 'OK', message: 'OK', productPrice: 48 },
      { vrntId: 'b', status: 'BAD', message: 'Out of stock' },
    ]);
    expect(removed).toEqual([{ vrntId: 'b', name: 'Product b', message: 'Out of stock' }]);
    expect(priceChanged).toBe(true);
    expect(store.getState().cart.items.map((i) => [i.product.vrntId, i.product.productPrice])).toEqual([
      ['a', 48],
    ]);
    expect(JSON.parse(storage.getItem('cart')!).total).toBe(48);
  });

  it('keeps the server cartId and clears everything on clear()', () => {
    const storage = memoryStorage();
    const store = createCartStore(storage);
    store.add(product('a'), 'Shop');
    store.setCartId('cart-7');
    expect(JSON.parse(storage.getItem('cart')!).cartId).toBe('cart-7');
    store.clear();
    expect(loadCart(storage)).toMatchObject({ items: [], count: 0, cartId: null });
  });

  it('drops a broken stored value instead of failing', () => {
    expect(loadCart(memoryStorage({ cart: '{oops' })).count).toBe(0);
    expect(loadCart(memoryStorage({ cart: JSON.stringify({ items: 'nope' }) })).items).toEqual([]);
  });

  it('follows another tab: reload() reads storage again', () => {
    const storage = memoryStorage();
    const here = createCartStore(storage);
    const there = createCartStore(storage);
    there.add(product('a'), 'Shop');
    expect(here.getState().cart.count).toBe(0);
    here.reload();
    expect(here.getState().cart.count).toBe(1);
  });
});
