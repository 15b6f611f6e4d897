// @vitest-environment happy-dom

import type { Product } from '@petti/shared/schemas/catalog';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../lib/ui/toast-store.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import ShopStockPage from './shop-stock-page.tsx';

afterEach(() => {
  cleanup();
  toastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
});

const SHOP = 'gokulam-dairy';
const CODE = '8901063010536';

function milk(over: Partial<Product['variants'][number]> = {}): Product {
  return {
    prdtId: 'aavin-milk',
    id: 'aavin-milk',
    sellerId: SHOP,
    slrId: SHOP,
    brandName: 'Gokulam Dairy',
    categoryId: 'dairy',
    tciId: 'dairy',
    name: { en: 'Aavin Toned Milk', ta: 'ஆவின் பால்' },
    description: null,
    image_url: null,
    photo: null,
    hazardous: false,
    variants: [
      {
        vrntId: 'aavin-milk-500ml',
        unit: 'ml',
        unitValue: 500,
        pricePaise: 2000,
        mrpPaise: 2200,
        productPrice: 20,
        marketPrice: 22,
        inventory: 12,
        alwaysInventory: false,
        tax: 5,
        taxPaise: 95,
        hazardous: false,
        barcode: null,
        ...over,
      },
    ],
  };
}

const pageOf = (products: Product[], sold: Record<string, number> = {}) => ({
  products,
  page: 1,
  hasMore: false,
  sold,
});
const toasts = () => toastStore.getState().toasts.map((t) => t.message);
const render = (language: 'en' | 'ta' = 'en') =>
  renderPage(<ShopStockPage />, { path: '/shop/:shopId/stock', route: `/shop/${SHOP}/stock`, language });

describe('the shop’s stock screen', () => {
  it('finds a product by name and changes a pack’s price; a price above the MRP is refused before sending', async () => {
    const { calls } = fakeApi({
      [`/api/shops/${SHOP}/products`]: pageOf([milk()]),
      [`PATCH /api/shops/${SHOP}/variants/aavin-milk-500ml`]: { product: milk({ pricePaise: 2100 }) },
    });
    await render();
    fireEvent.change(screen.getByTestId('stock-search'), { target: { value: 'milk' } });
    fireEvent.click(screen.getByTestId('stock-find'));
    const card = await screen.findByTestId('stock-product-aavin-milk');
    expect(calls.find((c) => c.path.endsWith('/products'))).toBeTruthy();
    expect(within(card).getByTestId('stock-level-aavin-milk-500ml').textContent).toBe('12 in stock');

    fireEvent.click(within(card).getByTestId('pack-edit-aavin-milk-500ml'));
    fireEvent.change(within(card).getByTestId('pack-aavin-milk-500ml-price'), { target: { value: '23' } });
    fireEvent.click(within(card).getByTestId('pack-save-aavin-milk-500ml'));
    expect((await within(card).findByTestId('pack-problem-aavin-milk-500ml')).textContent).toContain(
      'cannot be above the MRP',
    );
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(within(card).getByTestId('pack-aavin-milk-500ml-price'), { target: { value: '21' } });
    fireEvent.click(within(card).getByTestId('pack-save-aavin-milk-500ml'));
    await vi.waitFor(() => expect(toasts()).toContain('Saved: shoppers see it now.'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      pricePaise: 2100,
      mrpPaise: 2200,
      alwaysInventory: false,
      inventory: 12,
      barcode: null,
    });
  });

  it('lists every product on opening; shows those running low or out, and what sells first', async () => {
    const ghee = {
      ...milk({ vrntId: 'ghee-200ml', inventory: 0 }),
      id: 'ghee',
      name: { en: 'Ghee', ta: 'நெய்' },
    };
    const { calls } = fakeApi({
      [`/api/shops/${SHOP}/products`]: (url: URL) => {
        const stock = url.searchParams.get('stock');
        if (stock === 'out') return pageOf([ghee]);
        if (stock === 'low') return pageOf([]);
        return url.searchParams.get('sort') === 'sales'
          ? pageOf([milk({ inventory: 3 }), ghee], { 'aavin-milk': 14 })
          : pageOf([milk({ inventory: 3 }), ghee]);
      },
    });
    await render();
    const card = await screen.findByTestId('stock-product-aavin-milk');
    expect(within(card).getByTestId('stock-level-aavin-milk-500ml').textContent).toBe('Only 3 left');
    expect(screen.getByTestId('stock-level-ghee-200ml').textContent).toBe('Out of stock');
    expect(screen.queryByTestId('stock-sold-aavin-milk')).toBeNull();
    expect(calls.some((c) => c.path === `/api/shops/${SHOP}/products`)).toBe(true);

    fireEvent.click(screen.getByTestId('stock-view-out'));
    expect(await screen.findByTestId('stock-product-ghee')).toBeTruthy();
    expect(screen.queryByTestId('stock-product-aavin-milk')).toBeNull();
    expect(screen.getByTestId('stock-view-out').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('stock-view-low'));
    expect((await screen.findByTestId('stock-nothing')).textContent).toBe(
      'No pack is running low (5 or fewer left).',
    );

    fireEvent.click(screen.getByTestId('stock-view-all'));
    fireEvent.change(screen.getByTestId('stock-sort'), { target: { value: 'sales' } });
    expect((await screen.findByTestId('stock-sold-aavin-milk')).textContent).toBe('14 sold in 30 days');
    expect(screen.getByTestId('stock-sold-ghee').textContent).toBe('None sold in 30 days');
  });

  it('says the server’s reason in Tamil and keeps what was typed', async () => {
    fakeApi({
      [`/api/shops/${SHOP}/products`]: pageOf([milk()]),
      [`PATCH /api/shops/${SHOP}/variants/aavin-milk-500ml`]: {
        status: 409,
        body: {
          error: { code: 'BarcodeTaken', message: 'Another pack in your shop already has this barcode.' },
        },
      },
    });
    await render('ta');
    fireEvent.change(screen.getByTestId('stock-search'), { target: { value: 'milk' } });
    fireEvent.click(screen.getByTestId('stock-find'));
    const card = await screen.findByTestId('stock-product-aavin-milk');
    fireEvent.click(within(card).getByTestId('pack-edit-aavin-milk-500ml'));
    fireEvent.change(within(card).getByTestId('pack-aavin-milk-500ml-barcode'), { target: { value: CODE } });
    fireEvent.click(within(card).getByTestId('pack-save-aavin-milk-500ml'));
    expect((await within(card).findByTestId('pack-problem-aavin-milk-500ml')).textContent).toContain(
      'பார்கோடு',
    );
    expect((within(card).getByTestId('pack-aavin-milk-500ml-barcode') as HTMLInputElement).value).toBe(CODE);
  });

  it('a barcode no pack has: offered as a new product, or attached to a pack found by name', async () => {
    const { calls } = fakeApi({
      [`/api/shops/${SHOP}/products`]: (url: URL) => pageOf(url.searchParams.get('barcode') ? [] : [milk()]),
      [`PATCH /api/shops/${SHOP}/variants/aavin-milk-500ml`]: { product: milk({ barcode: CODE }) },
      '/api/categories': { categories: [] },
    });
    await render();
    fireEvent.change(screen.getByTestId('stock-search'), { target: { value: `890 1063 010536` } });
    fireEvent.click(screen.getByTestId('stock-find'));
    const none = await screen.findByTestId('stock-no-code');
    expect(none.textContent).toContain(`No pack in this shop has barcode ${CODE} yet.`);
    expect(calls.at(-1)?.path).toBe(`/api/shops/${SHOP}/products`);

    // Added as a new product: the form starts with the code.
    fireEvent.click(within(none).getByTestId('stock-add-with-code'));
    expect((screen.getByTestId('new-barcode') as HTMLInputElement).value).toBe(CODE);
    fireEvent.click(screen.getByText('Cancel'));

    // Or found by name and attached to its pack.
    fireEvent.change(screen.getByTestId('stock-search'), { target: { value: 'milk' } });
    fireEvent.click(screen.getByTestId('stock-find'));
    const card = await screen.findByTestId('stock-product-aavin-milk');
    fireEvent.click(within(card).getByTestId('pack-attach-aavin-milk-500ml'));
    await vi.waitFor(() => expect(toasts()).toContain(`Barcode ${CODE} is now on 500 ml.`));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ barcode: CODE });
  });

  it('changes a product’s names, category and hazardous flag from its card', async () => {
    const { calls } = fakeApi({
      [`/api/shops/${SHOP}/products`]: pageOf([milk()]),
      '/api/categories': {
        categories: [{ id: 'dairy', name: { en: 'Dairy', ta: 'பால் பொருட்கள்' }, icon: null, image_url: null }],
      },
      [`PATCH /api/shops/${SHOP}/products/aavin-milk`]: { product: milk() },
    });
    await render();
    fireEvent.change(screen.getByTestId('stock-search'), { target: { value: 'milk' } });
    fireEvent.click(screen.getByTestId('stock-find'));
    const card = await screen.findByTestId('stock-product-aavin-milk');
    fireEvent.click(within(card).getByTestId('product-edit-aavin-milk'));
    const form = within(card).getByTestId('product-form-aavin-milk');
    fireEvent.change(within(form).getByLabelText('Name in English'), {
      target: { value: 'Aavin Toned Milk 500' },
    });
    fireEvent.click(within(form).getByTestId('product-save-aavin-milk'));
    await vi.waitFor(() => expect(toasts()).toContain('Saved: shoppers see it now.'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: { en: 'Aavin Toned Milk 500', ta: 'ஆவின் பால்' },
      categoryId: 'dairy',
      hazardous: false,
    });
  });

  it('checks a new product before sending it, then adds it', async () => {
    const { calls } = fakeApi({
      '/api/categories': {
        categories: [{ id: 'grocery', name: { en: 'Grocery', ta: 'மளிகை' }, icon: null, image_url: null }],
      },
      [`POST /api/shops/${SHOP}/products`]: { status: 201, body: { product: milk() } },
      [`/api/shops/${SHOP}/products`]: pageOf([milk()]),
    });
    await render();
    fireEvent.click(screen.getByTestId('stock-add'));
    fireEvent.click(screen.getByTestId('new-product-save'));
    expect(await screen.findByText('At least 2 letters.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('new-name-en'), { target: { value: 'Sambar Powder' } });
    fireEvent.change(screen.getByTestId('new-name-ta'), { target: { value: 'சாம்பார் பொடி' } });
    await screen.findByRole('option', { name: 'Grocery' });
    fireEvent.change(screen.getByTestId('new-category'), { target: { value: 'grocery' } });
    fireEvent.change(screen.getByTestId('new-size'), { target: { value: '200' } });
    fireEvent.change(screen.getByTestId('new-price'), { target: { value: '85' } });
    fireEvent.change(screen.getByTestId('new-mrp'), { target: { value: '90' } });
    fireEvent.change(screen.getByTestId('new-stock'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('new-product-save'));
    await vi.waitFor(() => expect(toasts().some((m) => m.includes('is in your shop now'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: { en: 'Sambar Powder', ta: 'சாம்பார் பொடி' },
      categoryId: 'grocery',
      hazardous: false,
      packs: [
        {
          unit: 'g',
          unitValue: 200,
          pricePaise: 8500,
          mrpPaise: 9000,
          inventory: 12,
          alwaysInventory: false,
          taxPercent: 5,
          barcode: null,
        },
      ],
    });
  });
});
