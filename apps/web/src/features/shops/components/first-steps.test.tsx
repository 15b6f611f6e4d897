// @vitest-environment happy-dom

import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { FirstSteps } from './first-steps.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHOP = 'kaveri-provisions-1a2b3c';
const settings = (over: object = {}) => ({
  hours: { open: '09:00', close: '21:00' },
  week: null,
  closedDates: [],
  modes: ['home'],
  rangeKm: 3,
  gstin: null,
  fssai: null,
  closedToday: false,
  openNow: true,
  nextOpensAt: null,
  ...over,
});
const shelf = (products: unknown[]) => ({ products, page: 1, hasMore: false, sold: {} });
const payouts = (account: unknown) => ({ account, transfers: [] });

function answers(over: { settings?: object; products?: unknown[]; account?: unknown }) {
  return fakeApi({
    [`/api/shops/${SHOP}/settings`]: settings(over.settings),
    [`/api/shops/${SHOP}/products`]: shelf(over.products ?? []),
    [`/api/shops/${SHOP}/payouts`]: payouts(over.account ?? null),
  });
}

describe("a new shop's first steps", () => {
  it('leads a new owner to add products, set the hours and link a bank account', async () => {
    answers({});
    await renderPage(<FirstSteps shopId={SHOP} />);
    const steps = await screen.findByTestId('first-steps');
    expect(within(steps).getByRole('heading').textContent).toBe('First steps for your shop');
    const link = (step: string) => within(screen.getByTestId(`first-step-${step}`)).getByRole('link');
    expect(link('products').getAttribute('href')).toBe(`/shop/${SHOP}/stock`);
    expect(link('hours').textContent).toContain('09:00–21:00');
    expect(link('hours').getAttribute('href')).toBe(`/shop/${SHOP}/settings`);
    expect(link('bank').getAttribute('href')).toBe(`/shop/${SHOP}/money`);
  });

  it('ticks what is done, and is gone once everything is', async () => {
    answers({ products: [{ id: 'rice' }] });
    await renderPage(<FirstSteps shopId={SHOP} />);
    const products = await screen.findByTestId('first-step-products');
    expect(products.dataset.done).toBe('true');
    expect(within(products).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('first-step-hours').dataset.done).toBe('false');
    cleanup();

    const { fetch } = answers({
      settings: { hours: { open: '07:30', close: '21:30' } },
      products: [{ id: 'rice' }],
      account: { beneficiaryName: 'Kaveri', accountLast4: '6677', ifsc: 'SBIN0001234', status: 'active' },
    });
    await renderPage(<FirstSteps shopId={SHOP} />);
    // Once the three answers are in and drawn: nothing at all.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    for (const result of fetch.mock.results) await act(async () => void (await result.value));
    await act(async () => undefined);
    expect(document.body.textContent).toBe('');
  });
});
