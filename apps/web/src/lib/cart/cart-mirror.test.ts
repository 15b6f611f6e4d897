import type { Cart } from '@petti/shared/rules/cart';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { mirrorKey, startCartMirror } from './cart-mirror.ts';
import type { CartState, CartStore } from './cart-store.ts';

function cartWith(lines: [string, number][], cartId: string | null = null): Cart {
  return {
    items: lines.map(([vrntId, quantity]) => ({
      quantity,
      product: {
        vrntId,
        prdtId: vrntId,
        slrId: 's1',
        tciId: null,
        name: vrntId,
        image_url: null,
        unit: 'kg',
        unitValue: 1,
        productPrice: 100,
        marketPrice: 120,
        inventory: 50,
        alwaysInventory: false,
      },
    })),
    total: 0,
    count: lines.reduce((n, [, q]) => n + q, 0),
    cartId,
    sellerId: lines.length ? 's1' : null,
    brandName: lines.length ? 'Shop' : null,
    savings: 0,
  } as unknown as Cart;
}

/** A store with only what the mirror uses: state, subscribe, setCartId. */
function fakeStore(initial: Cart) {
  const store = createStore<CartState>(() => ({ cart: initial }));
  return Object.assign(store, {
    setCartId(cartId: string | null) {
      store.setState((s) => ({ cart: { ...s.cart, cartId } }));
    },
  }) as unknown as CartStore;
}

function harness(online = true) {
  const timers: (() => void)[] = [];
  const puts: Cart[] = [];
  const onlineListeners: (() => void)[] = [];
  let isOnline = online;
  let answer: Promise<{ cartId: string | null }> = Promise.resolve({ cartId: 'cart-1' });
  return {
    puts,
    setOnline(value: boolean) {
      isOnline = value;
      if (value) for (const l of onlineListeners) l();
    },
    answerWith(p: Promise<{ cartId: string | null }>) {
      answer = p;
    },
    async runTimers() {
      while (timers.length) timers.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    },
    deps: {
      put: async (cart: Cart) => {
        puts.push(cart);
        return answer;
      },
      isOnline: () => isOnline,
      onOnline: (l: () => void) => {
        onlineListeners.push(l);
        return () => {};
      },
      setTimer: (fn: () => void) => {
        timers.push(fn);
        return fn;
      },
      clearTimer: (h: unknown) => {
        const i = timers.indexOf(h as () => void);
        if (i >= 0) timers.splice(i, 1);
      },
    },
  };
}

describe('cart mirror', () => {
  it('sends the cart once after a burst of changes and keeps the server’s cartId', async () => {
    const store = fakeStore(cartWith([]));
    const h = harness();
    startCartMirror(store, h.deps);
    store.setState({ cart: cartWith([['v1', 1]]) });
    store.setState({ cart: cartWith([['v1', 2]]) });
    store.setState({ cart: cartWith([['v1', 3]]) });
    await h.runTimers();
    expect(h.puts).toHaveLength(1);
    expect(mirrorKey(h.puts[0]!)).toBe(mirrorKey(cartWith([['v1', 3]])));
    expect(store.getState().cart.cartId).toBe('cart-1');
  });

  it('does not send an unchanged cart again (a cartId change is not a change)', async () => {
    const store = fakeStore(cartWith([['v1', 1]]));
    const h = harness();
    startCartMirror(store, h.deps);
    await h.runTimers();
    expect(h.puts).toHaveLength(1);
    store.setCartId('cart-9');
    await h.runTimers();
    expect(h.puts).toHaveLength(1);
  });

  it('waits while offline and sends what changed once the connection is back', async () => {
    const store = fakeStore(cartWith([]));
    const h = harness(false);
    startCartMirror(store, h.deps);
    store.setState({ cart: cartWith([['v2', 4]]) });
    await h.runTimers();
    expect(h.puts).toHaveLength(0);
    h.setOnline(true);
    await h.runTimers();
    expect(h.puts).toHaveLength(1);
    expect(h.puts[0]!.items[0]!.quantity).toBe(4);
  });

  it('tries again on the next change after a failed PUT', async () => {
    const store = fakeStore(cartWith([]));
    const h = harness();
    h.answerWith(Promise.reject(new Error('down')));
    startCartMirror(store, h.deps);
    store.setState({ cart: cartWith([['v1', 1]]) });
    await h.runTimers();
    expect(h.puts).toHaveLength(1);
    expect(store.getState().cart.cartId).toBeNull();
    h.answerWith(Promise.resolve({ cartId: 'cart-2' }));
    store.setState({ cart: cartWith([['v1', 2]]) });
    await h.runTimers();
    expect(h.puts).toHaveLength(2);
    expect(store.getState().cart.cartId).toBe('cart-2');
  });

  it('stops when asked', async () => {
    const store = fakeStore(cartWith([]));
    const h = harness();
    const stop = startCartMirror(store, h.deps);
    await h.runTimers();
    const before = h.puts.length;
    stop();
    store.setState({ cart: cartWith([['v1', 1]]) });
    await h.runTimers();
    expect(h.puts).toHaveLength(before);
  });
});
