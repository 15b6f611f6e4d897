// @vitest-environment happy-dom

import { STORAGE_KEYS } from '@petti/shared/constants';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../lib/cart/cart.ts';
import { cartFingerprint } from '../../../lib/cart/cart-product.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { checkoutStore } from '../checkout.ts';
import ProceedPage from './proceed-page.tsx';

// The provider's checkout would leave the page: here it only says it did.
vi.mock('../../../lib/checkout/checkout.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/checkout/checkout.ts')>()),
  startCheckout: vi.fn(async () => ({ status: 'redirected' })),
}));

const ladoo = {
  unitValue: 250,
  name: { en: 'Ladoo', ta: 'லட்டு' },
  image_url: null,
  unit: 'g',
  slrId: 'anand',
  prdtId: 'p-ladoo',
  vrntId: 'ladoo',
  tciId: 'sweets',
  productPrice: 120,
  marketPrice: 120,
  inventory: 20,
  alwaysInventory: false,
};
const price = {
  currency: 'INR',
  itemsPaise: 12000,
  mrpPaise: 12000,
  savingsPaise: 0,
  deliveryKm: 2,
  deliveryFeeBeforeWaiverPaise: 3200,
  deliveryFeePaise: 3200,
  deliveryWaived: false,
  smallCartFeePaise: 0,
  packagingFeePaise: 500,
  totalPaise: 15700,
  taxPaise: 0,
  itemsTaxPaise: 0,
  feesTaxPaise: 0,
};
/** Another shop's grab-and-go basket, not paid for yet. */
const grabCart = JSON.stringify({
  userMobile: '919876543210',
  carts: [
    { sellerId: 'santhi-sweets', sellerName: 'Santhi Sweets', count: 1, category: 'sweets', items: [] },
  ],
});

afterEach(() => {
  cleanup();
  act(() => {
    cartStore.clear();
    checkoutStore.update({
      selectedDeliveryType: null,
      deliveryAddress: null,
      myCartValidateCartDetails: null,
    });
  });
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/procced', () => {
  it('placing a delivery order leaves an unpaid grab-and-go basket where it is', async () => {
    fakeApi({
      '/api/addresses': { addresses: [] },
      '/api/orders/quote': {
        sellerId: 'anand',
        deliveryType: 'home',
        lines: [],
        price,
        paymentMethods: ['upi'],
      },
      'POST /api/orders': {
        status: 201,
        body: { id: 'order-1', state: 'awaiting_payment', payment: { id: 'pay-1', provider: 'testpay' } },
      },
    });
    localStorage.setItem(STORAGE_KEYS.grabCart, grabCart);
    act(() => {
      cartStore.clear();
      cartStore.add(ladoo, 'Anand Sweets');
      checkoutStore.update({
        selectedDeliveryType: 'home',
        deliveryAddress: 'home-1',
        myCartValidateCartDetails: cartFingerprint(cartStore.getState().cart),
      });
    });
    await renderPage(<ProceedPage />);
    const pay = (await screen.findByTestId('pay')) as HTMLButtonElement;
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);
    await screen.findByTestId('opening-payment');
    // The delivery cart was bought; the basket of another shop was not.
    await waitFor(() => expect(cartStore.getState().cart.items).toHaveLength(0));
    expect(localStorage.getItem(STORAGE_KEYS.grabCart)).toBe(grabCart);
  });
});
