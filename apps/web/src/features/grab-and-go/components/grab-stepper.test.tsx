// @vitest-environment happy-dom
import { STORAGE_KEYS } from '@petti/shared/constants';
import type { GrabProduct, GrabSeller } from '@petti/shared/rules/grab-cart';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from '../../../lib/ui/toast-store.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { grabCartStore } from '../grab-cart-store.ts';
import { GrabStepper } from './grab-stepper.tsx';

const seller: GrabSeller = { sellerId: 'santhi-sweets', sellerName: 'Santhi Sweets', category: 'sweets' };
const product: GrabProduct = {
  productName: { en: 'Ladoo', ta: 'லட்டு' },
  unitValue: 250,
  image_url: null,
  unit: 'g',
  account_id: null,
  productId: 'p-ladoo',
  variantId: 'ladoo-250g',
  tci: 'sweets',
  productPrice: 120,
  marketPrice: 140,
  inventory: 10,
  alwaysInventory: false,
  tax: 5,
};
const PHONE = '919876543210';
/** A basket from an earlier visit, in another shop: it must survive this one's add. */
const earlier = {
  userMobile: PHONE,
  carts: [
    {
      sellerId: 'murugan',
      sellerName: 'Sri Murugan Stores',
      category: 'grocery',
      count: 1,
      items: [{ ...product, productId: 'p-rice', variantId: 'rice-5kg', qty: 1 }],
    },
  ],
};

afterEach(() => {
  cleanup();
  act(() => {
    toast.clear();
    grabCartStore.setState({ cart: { userMobile: '', carts: [] } });
  });
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a grab-and-go product’s Add', () => {
  it('on a screen opened cold (a link, a reload) keeps the stored basket and adds to it, said as the basket', async () => {
    localStorage.setItem(STORAGE_KEYS.grabCart, JSON.stringify(earlier));
    // Who the shopper is arrives a little after the screen.
    fakeApi({
      '/api/me': () => new Promise((r) => setTimeout(() => r({ id: 'u1', phone: PHONE, name: 'A' }), 50)),
    });
    await renderPage(<GrabStepper seller={seller} product={product} label="Ladoo" />);
    fireEvent.click(screen.getByTestId('grab-add-ladoo-250g'));
    await waitFor(() => expect(screen.getByTestId('grab-qty-ladoo-250g').textContent).toBe('1'));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.grabCart) ?? '{}');
    expect(stored.carts.map((g: { sellerId: string }) => g.sellerId).sort()).toEqual([
      'murugan',
      'santhi-sweets',
    ]);
    expect(toastStore.getState().toasts.map((t) => t.message)).toContain('Added to your basket');
  });
});
