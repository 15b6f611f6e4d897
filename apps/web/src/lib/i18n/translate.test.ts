import { describe, expect, it } from 'vitest';
import { interpolate, translate } from './translate.ts';

const strings = {
  nav: {
    cart: 'Cart',
    cartCount_one: 'Cart, {{count}} item',
    cartCount_other: 'Cart, {{count}} items',
  },
  app: { documentTitle: '{{page}} · Petti' },
  only: { many_other: '{{count}} things' },
};

describe('translate', () => {
  it('finds a nested string and fills it in', () => {
    expect(translate(strings, 'en', 'nav.cart')).toBe('Cart');
    expect(translate(strings, 'en', 'app.documentTitle', { page: 'Home' })).toBe('Home · Petti');
  });

  it('picks the plural form by the language’s rules, falling back to the other form', () => {
    expect(translate(strings, 'en', 'nav.cartCount', { count: 1 })).toBe('Cart, 1 item');
    expect(translate(strings, 'en', 'nav.cartCount', { count: 0 })).toBe('Cart, 0 items');
    expect(translate(strings, 'en', 'nav.cartCount', { count: 3 })).toBe('Cart, 3 items');
    expect(translate(strings, 'ta', 'nav.cartCount', { count: 1 })).toBe('Cart, 1 item');
    expect(translate(strings, 'en', 'only.many', { count: 1 })).toBe('1 things');
  });

  it('says the default, or the key itself, for a string it does not have', () => {
    expect(translate(strings, 'en', 'payments.methods.upi', { defaultValue: 'UPI' })).toBe('UPI');
    expect(translate(strings, 'en', 'nav.nothing')).toBe('nav.nothing');
    // A branch is not a string.
    expect(translate(strings, 'en', 'nav')).toBe('nav');
    expect(translate(strings, 'en', 'nav.cart.deeper')).toBe('nav.cart.deeper');
  });
});

describe('interpolate', () => {
  it('fills every {{name}}, spaces allowed, and leaves one without a value as written', () => {
    expect(interpolate('{{ a }} and {{b}} and {{a}}', { a: 1, b: 'two' })).toBe('1 and two and 1');
    expect(interpolate('{{missing}} stays', {})).toBe('{{missing}} stays');
    expect(interpolate('{{zero}}', { zero: 0 })).toBe('0');
  });
});
