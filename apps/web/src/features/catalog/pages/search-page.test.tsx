// @vitest-environment happy-dom

import type { Product } from '@petti/shared/schemas/catalog';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sellerFixture } from '../../../test/fixtures.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import SearchPage from './search-page.tsx';

const product = (id: string, sellerId: string, brandName: string): Product => ({
  prdtId: id,
  id,
  sellerId,
  slrId: sellerId,
  brandName,
  categoryId: 'sweets',
  tciId: 'sweets',
  name: { en: 'Ladoo', ta: 'லட்டு' },
  description: null,
  image_url: null,
  photo: null,
  hazardous: false,
  variants: [
    {
      vrntId: `${id}-1`,
      unit: 'g',
      unitValue: 250,
      pricePaise: 12000,
      mrpPaise: 12000,
      productPrice: 120,
      marketPrice: 120,
      inventory: 5,
      alwaysInventory: false,
      tax: 5,
      taxPaise: 571,
      hazardous: false,
      barcode: null,
    },
  ],
});

// Open for one hour from two hours ahead (town time): closed whenever this runs.
const town = new Date(Date.now() + 330 * 60_000);
const hour = (h: number) => `${String((town.getUTCHours() + h) % 24).padStart(2, '0')}:00`;
const shut = { open: hour(2), close: hour(3) === '00:00' ? '24:00' : hour(3) };
/** `HH:00` as the screens say it: `9:00 am`, as the owner's own screens do. */
const clock12 = (hhmm: string) => {
  const h = Number(hhmm.slice(0, 2));
  return { time: `${h % 12 || 12}:00`, half: h < 12 ? 'am' : 'pm' };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/Search/all', () => {
  it('says which shop sells each result and whether it is open, in English and Tamil', async () => {
    const answers = {
      '/api/sellers': {
        sellers: [
          sellerFixture({ id: 'anand', brandName: 'Anand Sweets', hours: { open: '00:00', close: '24:00' } }),
          sellerFixture({ id: 'santhi', brandName: 'Santhi Sweets', brandNameTa: 'சாந்தி ஸ்வீட்ஸ்', hours: shut }),
        ],
      },
      '/api/addresses': { addresses: [] },
      '/api/products': {
        products: [
          product('anand-ladoo', 'anand', 'Anand Sweets'),
          product('santhi-ladoo', 'santhi', 'Santhi Sweets'),
        ],
        page: 1,
        pageSize: 20,
        total: 2,
        hasMore: false,
      },
    };
    fakeApi(answers);
    const english = await renderPage(<SearchPage />, { path: '/Search/:id', route: '/Search/all?q=ladoo' });
    const open = within(await screen.findByTestId('product-anand-ladoo')).getByTestId('product-shop');
    expect(open.textContent).toBe('Anand SweetsOpen now');
    const closed = within(screen.getByTestId('product-santhi-ladoo')).getByTestId('product-shop');
    // Late in the evening the opening two hours ahead is tomorrow's, and says its date.
    await vi.waitFor(() =>
      expect(closed.textContent).toMatch(
        new RegExp(
          `^Santhi SweetsClosed now, opens at (\\d{1,2} \\w{3}, )?${clock12(shut.open).time} ${clock12(shut.open).half}$`,
        ),
      ),
    );
    english.unmount();

    fakeApi(answers);
    await renderPage(<SearchPage />, { path: '/Search/:id', route: '/Search/all?q=ladoo', language: 'ta' });
    const tamil = within(await screen.findByTestId('product-santhi-ladoo')).getByTestId('product-shop');
    expect(tamil.textContent).toContain('சாந்தி ஸ்வீட்ஸ்');
    expect(tamil.textContent).toContain(clock12(shut.open).time);
  });

  it('within one shop, the shop is said once above, not on every product', async () => {
    fakeApi({
      '/api/sellers/anand': {
        seller: sellerFixture({ id: 'anand', brandName: 'Anand Sweets' }),
        products: [],
      },
      '/api/sellers': { sellers: [] },
      '/api/addresses': { addresses: [] },
      '/api/products': {
        products: [product('anand-ladoo', 'anand', 'Anand Sweets')],
        page: 1,
        pageSize: 20,
        total: 1,
        hasMore: false,
      },
    });
    await renderPage(<SearchPage />, { path: '/Search/:id', route: '/Search/anand' });
    await screen.findByTestId('product-anand-ladoo');
    expect(screen.queryByTestId('product-shop')).toBeNull();
    // The shop's page is titled by the shop, not "Search / Find products by name".
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Anand Sweets');
    expect(screen.queryByText('Find products by name.')).toBeNull();
  });
});
