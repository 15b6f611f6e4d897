// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import MyComplexPage from './my-complex-page.tsx';

const complex = {
  id: 'sakthi-residency',
  name: { en: 'Sakthi Residency', ta: 'சக்தி ரெசிடென்சி' },
  address: { en: 'Srivilliputhur Road', ta: 'ஸ்ரீவில்லிபுத்தூர் சாலை' },
  lat: 9.46,
  lng: 77.78,
  blocks: ['A', 'B'],
  flatsPerBlock: 24,
  distanceKm: 1.2,
};
const town = {
  '/api/categories': { categories: [] },
  '/api/sellers': { sellers: [] },
  '/api/products': { products: [], total: 0 },
};
const membership = (status: string) => ({
  membership: {
    complexId: complex.id,
    complex,
    block: 'A',
    flat: 'A-1',
    status,
    role: 'resident',
    requestedAt: '2026-11-20T00:00:00Z',
    decidedAt: null,
    note: status === 'refused' ? 'No such flat' : null,
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/myComplex', () => {
  it('offers joining to a shopper of no complex, and asks again for block and flat when left out', async () => {
    const api = fakeApi({
      ...town,
      '/api/complex/membership': { membership: null },
      '/api/complexes': { complexes: [complex] },
    });
    await renderPage(<MyComplexPage />);
    fireEvent.click(await screen.findByTestId('complex-sakthi-residency'));
    fireEvent.click(screen.getByTestId('join-submit'));
    expect(await screen.findAllByText('Choose your block')).not.toHaveLength(0);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says the request is on its way, and keeps block and flat when the server refuses it', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = fakeApi({
      ...town,
      '/api/complex/membership': { membership: null },
      '/api/complexes': { complexes: [complex] },
      'POST /api/complex/membership': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await renderPage(<MyComplexPage />);
    fireEvent.click(await screen.findByTestId('complex-sakthi-residency'));
    fireEvent.change(screen.getByTestId('join-block'), { target: { value: 'B' } });
    fireEvent.input(screen.getByTestId('join-flat'), { target: { value: 'B-12' } });
    fireEvent.click(screen.getByTestId('join-submit'));
    expect(await screen.findByText('Sending…')).toBeTruthy();
    answer({ status: 409, body: { error: { code: 'Conflict', message: 'x' } } });
    expect(await screen.findByText('That changed while you were working. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Sending…')).toBeNull();
    expect((screen.getByTestId('join-block') as HTMLSelectElement).value).toBe('B');
    expect((screen.getByTestId('join-flat') as HTMLInputElement).value).toBe('B-12');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      complexId: 'sakthi-residency',
      block: 'B',
      flat: 'B-12',
    });
  });

  it('says a request is waiting for approval, and a refusal with its reason', async () => {
    fakeApi({ ...town, '/api/complex/membership': membership('pending') });
    const { unmount } = await renderPage(<MyComplexPage />);
    expect(await screen.findByText('Waiting for approval')).toBeTruthy();
    unmount();
    fakeApi({
      ...town,
      '/api/complex/membership': membership('refused'),
      '/api/complexes': { complexes: [complex] },
    });
    await renderPage(<MyComplexPage />);
    expect(await screen.findByText('Reason: No such flat')).toBeTruthy();
  });

  it('shows a member the complex home, with a sensible empty state, in Tamil too', async () => {
    fakeApi({
      ...town,
      '/api/complex/membership': membership('approved'),
      '/api/complex/listings': { listings: [] },
    });
    await renderPage(<MyComplexPage />, { language: 'ta' });
    expect(await screen.findByText('சக்தி ரெசிடென்சி')).toBeTruthy();
    expect(await screen.findByText('இன்னும் எதுவும் விற்பனைக்கு இல்லை.')).toBeTruthy();
  });

  it('says why the page could not load and lets the shopper try again', async () => {
    const api = fakeApi({
      ...town,
      '/api/complex/membership': { status: 500, body: { error: { code: 'InternalFailure', message: 'x' } } },
    });
    await renderPage(<MyComplexPage />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const before = api.calls.filter((c) => c.path === '/api/complex/membership').length;
    fireEvent.click(retry);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/complex/membership').length).toBeGreaterThan(before),
    );
  });
});
