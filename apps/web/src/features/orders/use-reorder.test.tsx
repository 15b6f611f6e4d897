// @vitest-environment happy-dom
import type { Order } from '@petti/shared/schemas/orders';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../lib/cart/cart.ts';
import { toast, toastStore } from '../../lib/ui/toast-store.ts';
import { fakeApi, renderPage } from '../../test/render.tsx';
import { useReorder } from './use-reorder.ts';

const product = (pricePaise: number, inventory = 50) => ({
  prdtId: 'p-mysore-pak',
  id: 'p-mysore-pak',
  sellerId: 'anand',
  slrId: 'anand',
  brandName: 'Anand Sweets',
  categoryId: 'sweets',
  tciId: 'sweets',
  name: { en: 'Mysore pak', ta: 'மைசூர் பாக்' },
  description: null,
  image_url: '/art/1F36C.svg',
  photo: null,
  hazardous: false,
  variants: [
    {
      vrntId: 'v-250',
      unit: 'g',
      unitValue: 250,
      pricePaise,
      mrpPaise: 14000,
      productPrice: pricePaise / 100,
      marketPrice: 140,
      inventory,
      alwaysInventory: false,
      tax: 5,
      taxPaise: 0,
      hazardous: false,
      barcode: null,
    },
  ],
});

const order = {
  id: 'o1',
  sellerId: 'anand',
  seller: {
    id: 'anand',
    brandName: 'Anand Sweets',
    brandNameTa: null,
    phone: null,
    address: null,
    lat: null,
    lng: null,
  },
  items: [
    {
      vrntId: 'v-250',
      productId: 'p-mysore-pak',
      name: { en: 'Mysore pak', ta: 'மைசூர் பாக்' },
      image: '/art/1F36C.svg',
      quantity: 3,
      unitPricePaise: 12000,
      mrpPaise: 14000,
      taxPaise: 0,
      taxPercent: 0,
      hazardous: false,
    },
  ],
} as unknown as Order;

function Reorder({ again = order }: { again?: Order }) {
  const { reorder } = useReorder();
  return (
    <button type="button" onClick={() => void reorder(again)}>
      again
    </button>
  );
}

afterEach(() => {
  cleanup();
  act(() => {
    cartStore.clear();
    toast.clear();
  });
  vi.unstubAllGlobals();
});

describe('reorder', () => {
  it("puts the order's lines back at today's price and names a line whose price moved", async () => {
    fakeApi({ '/api/products/p-mysore-pak': { product: product(12500) } });
    await renderPage(<Reorder />);
    fireEvent.click(screen.getByRole('button', { name: 'again' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy(); // on to /MyCart
    const cart = cartStore.getState().cart;
    expect(cart.items.map((i) => [i.product.vrntId, i.quantity, i.product.productPrice])).toEqual([
      ['v-250', 3, 125],
    ]);
    expect(toastStore.getState().toasts.map((t) => t.message)).toContain(
      'Prices have changed since you ordered: Mysore pak: was ₹120, now ₹125',
    );
  });

  it('names each item that could not all come back, with how many and why, in English and Tamil', async () => {
    const twoItems = {
      ...order,
      items: [
        order.items[0],
        { ...order.items[0], vrntId: 'v-250', productId: 'p-jangiri', name: { en: 'Jangiri', ta: 'ஜாங்கிரி' } },
      ],
    } as unknown as Order;
    const jangiri = { ...product(12000, 0), prdtId: 'p-jangiri', id: 'p-jangiri' };
    for (const [language, expected] of [
      [
        'en',
        'Not everything could come back: Mysore pak, 2 of 3 (no more in stock); Jangiri, 0 of 3 (sold out)',
      ],
      ['ta', 'எல்லாம் திரும்ப வரவில்லை: மைசூர் பாக், 3-இல் 2 (மேலும் இருப்பில் இல்லை); ஜாங்கிரி, 3-இல் 0 (விற்றுத் தீர்ந்தது)'],
    ] as const) {
      fakeApi({
        '/api/products/p-mysore-pak': { product: product(12000, 2) },
        '/api/products/p-jangiri': { product: jangiri },
      });
      await renderPage(<Reorder again={twoItems} />, { language });
      fireEvent.click(screen.getByRole('button', { name: 'again' }));
      expect(await screen.findByText('elsewhere')).toBeTruthy();
      expect(toastStore.getState().toasts.map((t) => t.message)).toEqual([expected]);
      cleanup();
      act(() => {
        cartStore.clear();
        toast.clear();
      });
    }
  });

  it('says nothing of prices that did not move', async () => {
    fakeApi({ '/api/products/p-mysore-pak': { product: product(12000) } });
    await renderPage(<Reorder />);
    fireEvent.click(screen.getByRole('button', { name: 'again' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(toastStore.getState().toasts.map((t) => t.message)).toEqual(['The items are back in your cart.']);
  });
});
