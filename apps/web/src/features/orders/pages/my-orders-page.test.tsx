// @vitest-environment happy-dom

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import MyOrdersPage from './my-orders-page.tsx';

const emptyPage = { items: [], page: 1, pageSize: 20, hasMore: false };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/profile/MyOrders states', () => {
  it('shows placeholders while loading, then the empty state with the way to the shops', async () => {
    let answer: (v: unknown) => void = () => {};
    const held = new Promise((resolve) => {
      answer = resolve;
    });
    fakeApi({ '/api/orders': () => emptyPage });
    const api = vi.mocked(globalThis.fetch);
    const answered = api.getMockImplementation()!;
    api.mockImplementation(async (...args) => {
      await held;
      return answered(...args);
    });
    await renderPage(<MyOrdersPage />);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    answer(null);
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: /shop/i }).getAttribute('href')).toBe('/myComplex');
  });

  it('says the list could not load, and Try again loads it', async () => {
    let fail = true;
    fakeApi({
      '/api/orders': () =>
        fail
          ? { status: 400, body: { error: { code: 'Validation', message: 'That did not work.' } } }
          : emptyPage,
    });
    await renderPage(<MyOrdersPage />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No orders yet')).toBeTruthy();
  });

  it('offline and never loaded, says so in words for people', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await renderPage(<MyOrdersPage />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('You are offline. Connect to the internet and try again.');
  });
});
