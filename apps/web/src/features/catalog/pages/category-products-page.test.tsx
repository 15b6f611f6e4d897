// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sellerFixture } from '../../../test/fixtures.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import CategoryProductsPage from './category-products-page.tsx';

const shop = (id: string, brandName: string) => sellerFixture({ id, brandName });

function market() {
  return fakeApi({
    '/api/categories': {
      categories: [{ id: 'sweets', name: { en: 'Sweets' }, icon: null, image_url: null }],
    },
    '/api/sellers': { sellers: [shop('anand', 'Anand Sweets'), shop('ganesh', 'Ganesh Bakery')] },
    '/api/addresses': { addresses: [] },
    '/api/products': { products: [], total: 0 },
  });
}
const productQueries = (api: ReturnType<typeof market>) =>
  api.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/products');

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/categoryProducts/:id', () => {
  it('keeps the shop a category was narrowed to (activeCategoryInfo) and narrows to it again on return', async () => {
    const api = market();
    const first = await renderPage(<CategoryProductsPage />, {
      path: '/categoryProducts/:id',
      route: '/categoryProducts/sweets',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ganesh Bakery' }));
    expect(JSON.parse(localStorage.getItem('activeCategoryInfo')!)).toEqual({
      categoryId: 'sweets',
      sellerId: 'ganesh',
    });
    first.unmount();

    const again = market();
    await renderPage(<CategoryProductsPage />, {
      path: '/categoryProducts/:id',
      route: '/categoryProducts/sweets',
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ganesh Bakery' }).getAttribute('aria-pressed')).toBe('true'),
    );
    await waitFor(() =>
      expect(productQueries(again).some((u) => u.searchParams.get('sellerId') === 'ganesh')).toBe(true),
    );
    expect(api.fetch).toHaveBeenCalled();

    // "All" forgets it.
    fireEvent.click(screen.getByRole('button', { name: 'All shops' }));
    expect(localStorage.getItem('activeCategoryInfo')).toBeNull();
  });
});
