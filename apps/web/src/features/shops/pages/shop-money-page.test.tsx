// @vitest-environment happy-dom

import type { ShopPayouts } from '@petti/shared/schemas/shop-payouts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../lib/ui/toast-store.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import ShopMoneyPage from './shop-money-page.tsx';

afterEach(() => {
  cleanup();
  toastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
});

const SHOP = 'gokulam-dairy';
const money = {
  from: '2026-11-28',
  to: '2026-11-28',
  orders: [
    {
      orderId: 'order-00976',
      paidAt: '2026-11-28T10:53:00.000Z',
      deliveryType: 'home',
      state: 'delivered',
      paidPaise: 14400,
      refundedPaise: 4800,
      pettiFeesPaise: 4600,
      owedPaise: 5000,
    },
  ],
  totals: { orders: 1, paidPaise: 14400, refundedPaise: 4800, pettiFeesPaise: 4600, owedPaise: 5000 },
};
const payouts = (over: Partial<ShopPayouts> = {}): ShopPayouts => ({
  account: null,
  transfers: [],
  totals: { paidPaise: 0, settledPaise: 0, waitingPaise: 5000, owedToPettiPaise: 0 },
  ...over,
});
const render = (language: 'en' | 'ta' = 'en') =>
  renderPage(<ShopMoneyPage />, { path: '/shop/:shopId/money', route: `/shop/${SHOP}/money`, language });
const fill = (name: string, value: string) =>
  fireEvent.change(screen.getByTestId(`payout-${name}`), { target: { value } });

describe('the money screen’s payouts', () => {
  it('checks the bank details before sending, then links the account', async () => {
    const { calls } = fakeApi({
      [`/api/shops/${SHOP}/money`]: money,
      [`/api/shops/${SHOP}/payouts`]: payouts(),
      [`PUT /api/shops/${SHOP}/payout-account`]: {
        status: 'activated',
        beneficiaryName: 'Gokulam Dairy',
        accountLast4: '6677',
        ifsc: 'SBIN0001234',
        problem: null,
      },
    });
    await render();
    expect((await screen.findByTestId('money-payout-order-00976')).textContent).toBe('waiting to be sent');
    expect(screen.getByTestId('payout-none').textContent).toContain('Add your bank account');
    fill('beneficiaryName', 'Gokulam Dairy');
    fill('accountNumber', '3012 4455 6677');
    fill('ifsc', 'SBIN1234567');
    fill('email', 'gokulam@example.in');
    fireEvent.click(screen.getByTestId('payout-save'));
    expect(await screen.findByText(/That is not a valid IFSC/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fill('ifsc', 'sbin0001234');
    fireEvent.click(screen.getByTestId('payout-save'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      beneficiaryName: 'Gokulam Dairy',
      accountNumber: '3012 4455 6677',
      ifsc: 'sbin0001234',
      email: 'gokulam@example.in',
    });
    await vi.waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.message)).toContain('Your bank account is linked.'),
    );
  });

  it('says in Tamil what a refund after the money reached the bank means for the shop', async () => {
    fakeApi({
      [`/api/shops/${SHOP}/money`]: money,
      [`/api/shops/${SHOP}/payouts`]: payouts({
        account: {
          status: 'activated',
          beneficiaryName: 'G',
          accountLast4: '6677',
          ifsc: 'SBIN0001234',
          problem: null,
        },
        transfers: [
          {
            orderId: 'order-00976',
            sharePaise: 5000,
            sentPaise: 9800,
            reversedPaise: 0,
            recoveredPaise: 0,
            unrecoveredPaise: 4800,
            status: 'processed',
            settledAt: '2026-11-28T11:30:00.000Z',
          },
        ],
        totals: { paidPaise: 9800, settledPaise: 9800, waitingPaise: 0, owedToPettiPaise: 4800 },
      }),
    });
    await render('ta');
    expect((await screen.findByTestId('payout-owed-note')).textContent).toContain('₹48');
    expect(screen.getByTestId('payout-owed-note').textContent).toContain('அடுத்த ஆர்டர்களிலிருந்து');
    const line = screen.getByTestId('money-payout-order-00976').textContent ?? '';
    expect(line).toContain('உங்கள் வங்கியில்');
    expect(line).toContain('Petti-க்கு ₹48 தர வேண்டும்');
    expect(screen.getByTestId('payout-change')).toBeTruthy();
  });
});

describe('a busy server', () => {
  const busyAnswer = {
    status: 503,
    body: {
      error: {
        code: 'ServiceUnavailable',
        message: 'Petti is busy right now. Please try again in a moment.',
      },
    },
    headers: { 'retry-after': '1' },
  };

  it('is waited out as Retry-After says, with a word that Petti is busy and trying again', async () => {
    let asked = 0;
    fakeApi({
      [`/api/shops/${SHOP}/money`]: () => (asked++ === 0 ? busyAnswer : money),
      [`/api/shops/${SHOP}/payouts`]: payouts(),
    });
    await render();
    await vi.waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.message)).toContain('Petti is busy. Trying again…'),
    );
    expect(screen.queryByTestId('money-order-order-00976')).toBeNull();
    expect(await screen.findByTestId('money-order-order-00976', {}, { timeout: 4000 })).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('when it stays busy, says so in Tamil, never "something went wrong"', async () => {
    fakeApi({
      [`/api/shops/${SHOP}/money`]: { ...busyAnswer, headers: { 'retry-after': '0' } },
      [`/api/shops/${SHOP}/payouts`]: payouts(),
    });
    await render('ta');
    const alert = await screen.findByText(/Petti இப்போது மிகவும் பரபரப்பாக உள்ளது/, {}, { timeout: 4000 });
    expect(alert.textContent).not.toContain('ஏதோ தவறு');
  });
});

describe('someone who does not work in the shop', () => {
  it('is told so, and offered the way home instead of a "Try again" that cannot help', async () => {
    const refused = {
      status: 403,
      body: { error: { code: 'NotShopMember', message: 'You do not work in this shop.' } },
    };
    fakeApi({ [`/api/shops/${SHOP}/money`]: refused, [`/api/shops/${SHOP}/payouts`]: refused });
    await render();
    expect(await screen.findByTestId('go-home')).toBeTruthy();
    expect(screen.queryByText('Try again')).toBeNull();
  });
});
