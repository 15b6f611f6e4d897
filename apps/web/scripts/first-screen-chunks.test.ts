import { describe, expect, it } from 'vitest';
import { firstScreenGroups } from './first-screen-chunks.ts';

/** A module graph from a list of `from → to` static imports. */
const graphOf = (entries: string[], edges: Record<string, string[]>) => ({
  entries,
  imports: (id: string) => edges[id] ?? [],
});

describe('firstScreenGroups', () => {
  const graph = graphOf(['main'], {
    main: ['react', 'router'],
    'login-page': ['form', 'phone', 'react'],
    'cart-page': ['form', 'cart-lines', 'price'],
    'home-page': ['price', 'map'],
    'cart-lines': ['price', 'picture'],
    price: ['money'],
  });
  const groups = firstScreenGroups(
    { login: ['login-page'], cart: ['cart-page'], home: ['home-page'] },
    graph,
  );

  it('puts each module with the others the same first screens need, named after them', () => {
    expect(groups.get('login-page')).toBe('screens-login');
    expect(groups.get('phone')).toBe('screens-login');
    expect(groups.get('form')).toBe('screens-login-cart');
    expect(groups.get('cart-page')).toBe('screens-cart');
    expect(groups.get('cart-lines')).toBe('screens-cart');
    expect(groups.get('picture')).toBe('screens-cart');
    // Reached through another module, all the way down.
    expect(groups.get('price')).toBe('screens-cart-home');
    expect(groups.get('money')).toBe('screens-cart-home');
    expect(groups.get('map')).toBe('screens-home');
  });

  it('leaves alone what the entry carries and what no first screen imports', () => {
    expect(groups.has('main')).toBe(false);
    expect(groups.has('react')).toBe(false);
    expect(groups.has('router')).toBe(false);
    expect(groups.has('orders-page')).toBe(false);
  });

  it('follows static imports only: a module imported on demand stays a chunk of its own', () => {
    // The graph's `imports` are static ones (importedIds); a lazy map is not among them.
    const lazy = firstScreenGroups({ home: ['home-page'] }, graphOf([], { 'home-page': ['still-map'] }));
    expect([...lazy.keys()].sort()).toEqual(['home-page', 'still-map']);
  });
});
