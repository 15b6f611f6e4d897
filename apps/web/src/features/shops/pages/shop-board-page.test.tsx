// @vitest-environment happy-dom

import type { ShopOrder } from '@petti/shared/schemas/shops';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../lib/ui/toast-store.ts';
import { orderFixture as baseOrder } from '../../../test/fixtures.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import ShopBoardPage from './shop-board-page.tsx';

afterEach(() => {
  cleanup();
  toastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
});

const SHOP = 'gokulam-dairy';

function orderFixture(over: Partial<ShopOrder>): ShopOrder {
  const at = new Date(Date.now() - 6 * 60_000).toISOString();
  return {
    ...baseOrder({ createdAt: at, updatedAt: at }),
    buyer: { name: 'Lakshmi Devi', phone: '919380259846' },
    shopTimeline: [{ state: 'placed', step: 'placed', at, note: null, by: null }],
    ...over,
  };
}

const page = (items: ShopOrder[]) => ({
  items,
  page: 1,
  pageSize: 50,
  total: null,
  hasMore: false,
  nextCursor: null,
});
const mine = (active = true) => ({
  shops: [
    {
      role: 'staff',
      shop: {
        id: SHOP,
        brandName: 'Gokulam Dairy',
        brandNameTa: null,
        opensAt: '05:00',
        closesAt: '21:30',
        isOpen: true,
        active,
        modes: ['home'],
      },
    },
  ],
  operator: false,
});

function lanes(placed: ShopOrder[]) {
  return (url: URL) => page(url.searchParams.get('lane') === 'new' ? placed : []);
}

const toasts = () => toastStore.getState().toasts.map((t) => t.message);

describe('the order board', () => {
  it('shows a proof photo before it counts: nothing is sent until "Use this photo", and it can be retaken', async () => {
    const out = orderFixture({ id: 'order-out', state: 'out_for_delivery', deliveryType: 'home' });
    const { calls } = fakeApi({
      '/api/shops/mine': mine(),
      [`/api/shops/${SHOP}/orders`]: (url: URL) =>
        page(url.searchParams.get('lane') === 'active' ? [out] : []),
    });
    await renderPage(<ShopBoardPage />, { path: '/shop/:shopId', route: `/shop/${SHOP}` });
    fireEvent.click(await screen.findByTestId('lane-active'));
    const card = await screen.findByTestId('shop-order-order-out');
    fireEvent.change(within(card).getByTestId('proof-photo'), {
      target: { files: [new File(['not really a photo'], 'door.png', { type: 'image/png' })] },
    });
    const preview = await within(card).findByTestId('proof-preview');
    expect(within(preview).getByText('Does the photo show the hand-over?')).toBeTruthy();
    expect(within(preview).getByTestId('proof-retake')).toBeTruthy();
    expect(within(preview).getByRole('button', { name: 'Use this photo: delivered' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('names what the last person did, not the state the order is in', async () => {
    const at = '2026-11-20T04:32:00.000Z';
    fakeApi({
      '/api/shops/mine': mine(),
      [`/api/shops/${SHOP}/orders`]: lanes([
        orderFixture({
          shopTimeline: [
            { state: 'placed', step: 'placed', at, note: null, by: null },
            {
              state: 'placed',
              step: 'substituteOffered',
              at,
              note: 'substitute offered: …',
              by: 'Selvi Kannan',
            },
          ],
        }),
      ]),
    });
    await renderPage(<ShopBoardPage />, { path: '/shop/:shopId', route: `/shop/${SHOP}` });
    const card = await screen.findByTestId('shop-order-order-0001abcde');
    expect(within(card).getByText(/^Substitute offered by Selvi Kannan at /)).toBeTruthy();
  });

  it('says where a curbside buyer parked, and "on the way" only until they are here or it is done', async () => {
    const curbside = (state: ShopOrder['state'], arrivedAt: string | null) =>
      orderFixture({
        id: `kerb-${state}`,
        state,
        deliveryType: 'curbside',
        vehicleNo: 'TN67AB1234',
        checkin: {
          onMyWayAt: '2026-11-20T04:00:00.000Z',
          arrivedAt,
          bay: null,
          landmark: 'Near the tea stall',
        },
      });
    fakeApi({
      '/api/shops/mine': mine(),
      [`/api/shops/${SHOP}/orders`]: lanes([
        curbside('ready_for_pickup', null),
        curbside('handed_over', '2026-11-20T04:10:00.000Z'),
      ]),
    });
    await renderPage(<ShopBoardPage />, { path: '/shop/:shopId', route: `/shop/${SHOP}` });
    const coming = await screen.findByTestId('shop-order-kerb-ready_for_pickup');
    expect(within(coming).getByTestId('shop-order-curbside').textContent).toBe(
      'Curbside pickup · vehicle TN67AB1234 · The buyer is on the way · Parked: Near the tea stall',
    );
    const done = screen.getByTestId('shop-order-kerb-handed_over');
    expect(within(done).getByTestId('shop-order-curbside').textContent).toBe(
      'Curbside pickup · vehicle TN67AB1234 · Parked: Near the tea stall',
    );
  });

  it('shows a new order with what, where, who and how long it has waited, and accepts it with a preparation time', async () => {
    const { calls } = fakeApi({
      '/api/shops/mine': mine(),
      [`POST /api/shops/${SHOP}/orders/order-0001abcde/accept`]: orderFixture({
        state: 'accepted',
        readyBy: new Date(Date.now() + 20 * 60_000).toISOString(),
      }),
      [`/api/shops/${SHOP}/orders`]: lanes([orderFixture({ notes: 'Ring the bell twice' })]),
    });
    await renderPage(<ShopBoardPage />, { path: '/shop/:shopId', route: `/shop/${SHOP}` });
    const card = await screen.findByTestId('shop-order-order-0001abcde');
    expect(within(card).getByText(/Toned milk/)).toBeTruthy();
    expect(within(card).getByTestId('shop-order-notes').textContent).toBe(
      'The buyer asks: Ring the bell twice',
    );
    expect(within(card).getByText(/7 Paraipatti Street/)).toBeTruthy();
    expect(within(card).getByText('Waiting 6 min')).toBeTruthy();
    fireEvent.change(within(card).getByRole('combobox'), { target: { value: '20' } });
    fireEvent.click(within(card).getByTestId('accept'));
    await vi.waitFor(() => expect(toasts().some((m) => m.startsWith('Accepted: ready by'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ prepMinutes: 20 });
  });

  it('says who in the shop got there first when someone else already accepted', async () => {
    fakeApi({
      '/api/shops/mine': mine(),
      [`POST /api/shops/${SHOP}/orders/order-0001abcde/accept`]: {
        status: 409,
        body: {
          error: {
            code: 'OrderTakenByOther',
            message: 'Selvi Kannan already did that.',
            by: 'Selvi Kannan',
            at: '2026-11-20T04:32:00.000Z',
          },
        },
      },
      [`/api/shops/${SHOP}/orders`]: lanes([orderFixture({})]),
    });
    await renderPage(<ShopBoardPage />, { path: '/shop/:shopId', route: `/shop/${SHOP}` });
    fireEvent.click(within(await screen.findByTestId('shop-order-order-0001abcde')).getByTestId('accept'));
    await vi.waitFor(() => expect(toasts()).toContain('Selvi Kannan already did that at 10:02 am.'));
  });

  it('offers no steps in a shop Petti switched off, and says why', async () => {
    fakeApi({ '/api/shops/mine': mine(false), [`/api/shops/${SHOP}/orders`]: lanes([orderFixture({})]) });
    await renderPage(<ShopBoardPage />, { path: '/shop/:shopId', route: `/shop/${SHOP}` });
    const card = await screen.findByTestId('shop-order-order-0001abcde');
    expect(await screen.findByText(/switched this shop off/)).toBeTruthy();
    expect(within(card).queryByTestId('accept')).toBeNull();
  });

  it('moves a night order to New at opening, by itself, with no event from the server', async () => {
    const opensAt = Date.now() + 1_500;
    const night = orderFixture({ id: 'order-night', scheduledFor: new Date(opensAt).toISOString() });
    fakeApi({
      '/api/shops/mine': mine(),
      // The server's own rule: a placed order is New once its opening has come, At opening before.
      [`/api/shops/${SHOP}/orders`]: (url: URL) => {
        const lane = url.searchParams.get('lane');
        const open = Date.now() >= opensAt;
        return page((lane === 'new' && open) || (lane === 'scheduled' && !open) ? [night] : []);
      },
    });
    await renderPage(<ShopBoardPage />, { path: '/shop/:shopId', route: `/shop/${SHOP}` });
    await screen.findByText('No new orders. New ones ring here as they come in.');
    await vi.waitFor(() => expect(screen.getByTestId('lane-scheduled').textContent).toContain('1'));
    // No reload and no minute-long wait: it is there soon after its opening time.
    expect(await screen.findByTestId('shop-order-order-night', {}, { timeout: 4_000 })).toBeTruthy();
  });

  it('says so when a lane is empty', async () => {
    fakeApi({ '/api/shops/mine': mine(), [`/api/shops/${SHOP}/orders`]: lanes([]) });
    await renderPage(<ShopBoardPage />, { path: '/shop/:shopId', route: `/shop/${SHOP}` });
    expect(await screen.findByText('No new orders. New ones ring here as they come in.')).toBeTruthy();
  });
});
