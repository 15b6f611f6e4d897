// @vitest-environment happy-dom

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../lib/cart/cart.ts';
import { toast, toastStore } from '../../../lib/ui/toast-store.ts';
import { cartLineFixture, quoteFixture, sellerFixture } from '../../../test/fixtures.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { checkoutStore } from '../checkout.ts';
import MyCartPage from './my-cart-page.tsx';

const seller = sellerFixture({
  id: 'anand',
  brandName: 'Anand Sweets',
  // Open all day (but the last minute), so the page is about the cart, not the hours.
  hours: { open: '00:00', close: '23:59' },
  modes: ['home', 'locker', 'curbside'],
});
const line = cartLineFixture;
const bad = (vrntId: string, message: string) => ({
  vrntId,
  status: 'BAD',
  message,
  messages: { en: message, ta: `த ${message}` },
  reason: 'outOfStock',
  productPrice: 120,
  marketPrice: 140,
  inventory: 0,
  alwaysInventory: false,
});
const quote = quoteFixture;
const homeAddress = {
  id: 'home-1',
  label: 'Home',
  line1: 'Home street',
  line2: null,
  landmark: null,
  lat: 9.45,
  lng: 77.8,
  isDefault: true,
  createdAt: '2026-11-28T00:00:00Z',
};
const shop = {
  '/api/sellers/anand': { seller, products: [] },
  '/api/addresses': { addresses: [homeAddress] },
  '/api/locker-locations': { sites: [] },
};

function fillCart() {
  act(() => {
    cartStore.clear();
    cartStore.add(line('ladoo', 'Ladoo', 120), 'Anand Sweets');
    cartStore.add(line('jalebi', 'Jalebi', 120), 'Anand Sweets');
    checkoutStore.update({ selectedDeliveryType: 'home', deliveryAddress: 'home-1' });
  });
}

beforeEach(() => {
  toast.clear();
  // The shops an earlier test read are not this one's first guess (lib/shop/known-shop.ts).
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  act(() => {
    cartStore.clear();
    checkoutStore.update({ selectedDeliveryType: null, deliveryAddress: null });
    toast.clear();
  });
  vi.unstubAllGlobals();
});

describe('/MyCart', () => {
  it('says the cart is empty and offers the way to the shops', async () => {
    fakeApi(shop);
    await renderPage(<MyCartPage />);
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByTestId('start-shopping').getAttribute('href')).toBe('/myComplex');
  });

  it('takes a typed quantity, refuses one over a limit with its message, and removes a line with Undo', async () => {
    fakeApi({ ...shop, '/api/orders/quote': quote });
    fillCart();
    await renderPage(<MyCartPage />);
    const ladoo = (await screen.findByTestId('qty-ladoo')) as HTMLInputElement;
    expect(ladoo.value).toBe('1');
    fireEvent.change(ladoo, { target: { value: '12' } });
    fireEvent.blur(ladoo);
    await waitFor(() => expect(cartStore.getState().cart.count).toBe(13));
    // 21 is more than the shop has (20): said, with how many more there are, and the number goes back.
    fireEvent.change(ladoo, { target: { value: '21' } });
    fireEvent.keyDown(ladoo, { key: 'Enter' });
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.message)).toContain(
        'Stock limit reached. Unable to add more. Only 8 more are in stock.',
      ),
    );
    expect(ladoo.value).toBe('12');
    expect(cartStore.getState().cart.count).toBe(13);
    // Remove takes the whole line; Undo puts it back as it was.
    fireEvent.click(screen.getByTestId('remove-ladoo'));
    expect(cartStore.getState().cart.items.map((i) => i.product.vrntId)).toEqual(['jalebi']);
    const removed = toastStore.getState().toasts.find((t) => t.message === 'Ladoo is out of your cart.');
    expect(removed?.actions[0]?.label).toBe('Undo');
    act(() => removed?.actions[0]?.onClick?.());
    await waitFor(() =>
      expect(cartStore.getState().cart.items.find((i) => i.product.vrntId === 'ladoo')?.quantity).toBe(12),
    );
  });

  it('shows the cart-items error view: which lines need attention and why', async () => {
    fakeApi({
      ...shop,
      '/api/orders/quote': {
        status: 422,
        body: {
          error: {
            code: 'cartItemsError',
            message: 'Some items in your cart need attention.',
            items: [bad('ladoo', 'Out of stock'), { ...bad('jalebi', ''), status: 'OK' }],
          },
        },
      },
    });
    fillCart();
    await renderPage(<MyCartPage />);
    const view = await screen.findByTestId('cart-items-error');
    expect(view.textContent).toBe('Ladoo: Out of stock');
    expect(screen.getByText('Some items in your cart need attention.')).toBeTruthy();
  });

  it('shows a long-distance refusal in red with its message, and no retry', async () => {
    fakeApi({
      ...shop,
      '/api/orders/quote': {
        status: 422,
        body: {
          error: {
            code: 'AddressLongDistance',
            message: 'This address is outside the seller’s delivery range.',
          },
        },
      },
    });
    fillCart();
    await renderPage(<MyCartPage />);
    const alert = await screen.findByTestId('range-error');
    expect(alert.textContent).toContain('This address is outside the seller’s delivery range.');
    expect(alert.className).toContain('form-alert--error');
    expect(alert.querySelector('button')).toBeNull();
    expect((screen.getByTestId('validate-and-pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('on a changed price keeps a toast up until dismissed whose Refresh goes to /MyCart', async () => {
    fakeApi({
      ...shop,
      '/api/orders/quote': quote,
      'POST /api/cart/validate': {
        status: 409,
        body: {
          error: {
            code: 'PaymentUpdatedException',
            message: 'The price has been updated. Refresh the page to view the new price.',
            items: [
              { ...bad('ladoo', 'Price changed'), status: 'OK', reason: 'priceChanged', productPrice: 130 },
            ],
          },
        },
      },
    });
    fillCart();
    await renderPage(<MyCartPage />, { path: '/MyCart', route: '/MyCart' });
    await screen.findByTestId('cart-totals');
    await waitFor(() =>
      expect((screen.getByTestId('validate-and-pay') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('validate-and-pay'));
    await waitFor(() => expect(toastStore.getState().toasts).toHaveLength(1));
    const [shown] = toastStore.getState().toasts;
    expect(shown).toMatchObject({
      message: 'The price has been updated. Refresh the page to view the new price.',
      timeoutMs: 0,
    });
    expect(shown!.actions.map((a) => a.label)).toEqual(['Refresh']);
    // The cart took today's price.
    expect(
      cartStore.getState().cart.items.find((i) => i.product.vrntId === 'ladoo')?.product.productPrice,
    ).toBe(130);
    act(() => toast.runAction(shown!.id, shown!.actions[0]!));
    expect(toastStore.getState().toasts).toHaveLength(0);
    expect(screen.getByTestId('cart-totals')).toBeTruthy(); // still /MyCart, not elsewhere
  });

  it('on a write that lost a race says to try again, and stays', async () => {
    fakeApi({
      ...shop,
      '/api/orders/quote': quote,
      'POST /api/cart/validate': {
        status: 409,
        body: { error: { code: 'ConditionalCheckFailedException', message: 'x' } },
      },
    });
    fillCart();
    await renderPage(<MyCartPage />, { path: '/MyCart', route: '/MyCart' });
    await waitFor(() =>
      expect((screen.getByTestId('validate-and-pay') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('validate-and-pay'));
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => [t.message, t.variant])).toEqual([
        ['Something went wrong,Please try again!', 'error'],
      ]),
    );
    expect(cartStore.getState().cart.count).toBe(2);
  });

  it('chooses the address just saved from the cart, else the default one, so "Validate & pay" can go on', async () => {
    const address = (id: string, label: string, isDefault: boolean) => ({
      ...homeAddress,
      id,
      label,
      line1: `${label} street`,
      isDefault,
    });
    fakeApi({
      ...shop,
      '/api/addresses': {
        addresses: [address('home-9', 'Home', false), address('office-9', 'Office', true)],
      },
    });
    fillCart();
    act(() => checkoutStore.update({ deliveryAddress: null }));
    const first = await renderPage(<MyCartPage />, { path: '/MyCart', route: '/MyCart' });
    const office = await screen.findByTestId('address-option-office-9');
    await waitFor(() => expect(checkoutStore.getState().deliveryAddress).toBe('office-9'));
    expect((office.querySelector('input') as HTMLInputElement).checked).toBe(true);
    first.unmount();

    // Back from "Add an address" with the new one, not the default: it is the one chosen.
    await renderPage(<MyCartPage />, { path: '/MyCart', route: '/MyCart?savedAddress=home-9' });
    const home = await screen.findByTestId('address-option-home-9');
    await waitFor(() => expect(checkoutStore.getState().deliveryAddress).toBe('home-9'));
    expect((home.querySelector('input') as HTMLInputElement).checked).toBe(true);
  });

  it('drops a way of receiving the last shop offered that this shop does not (item 2)', async () => {
    fakeApi({
      ...shop,
      '/api/sellers/anand': { seller: { ...seller, modes: ['curbside'] }, products: [] },
      '/api/locker-locations': { sites: [] },
    });
    fillCart();
    act(() => checkoutStore.update({ selectedDeliveryType: 'locker', parcelLockerDetails: 'bus-stand' }));
    await renderPage(<MyCartPage />);
    await screen.findByTestId('delivery-curbside');
    await waitFor(() => expect(checkoutStore.getState().selectedDeliveryType).toBeNull());
    expect(screen.queryByTestId('delivery-locker')).toBeNull();
    expect(screen.queryByTestId('delivery-home')).toBeNull();
    expect(screen.queryByTestId('site-option-bus-stand')).toBeNull();
  });

  it('closed now: ordering for opening is a box to tick, and the price waits for that choice, not "Try again"', async () => {
    // Open for one hour from two hours ahead (town time): closed whenever this runs.
    const town = new Date(Date.now() + 330 * 60_000);
    const hour = (h: number) => `${String((town.getUTCHours() + h) % 24).padStart(2, '0')}:00`;
    const hours = { open: hour(2), close: hour(3) === '00:00' ? '24:00' : hour(3) };
    let answer: unknown = {
      status: 409,
      body: { error: { code: 'SellerClosed', message: 'The shop is closed now.' } },
    };
    const { calls } = fakeApi({
      ...shop,
      '/api/sellers/anand': { seller: { ...seller, hours }, products: [] },
      '/api/orders/quote': () => answer,
    });
    fillCart();
    await renderPage(<MyCartPage />, { path: '/MyCart', route: '/MyCart' });
    const box = (await screen.findByTestId('order-when-open')).querySelector('input') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    const waiting = await screen.findByTestId('price-when-open');
    // Late in the evening the opening two hours ahead is tomorrow's, and says its date.
    // Said as the owner's screens say it: "9:00 am", or "21 Nov, 9:00 am".
    const h = Number(hours.open.slice(0, 2));
    expect(waiting.textContent).toMatch(
      new RegExp(`come back at (\\d{1,2} \\w{3}, )?${h % 12 || 12}:00 ${h < 12 ? 'am' : 'pm'} to order`),
    );
    expect(screen.queryByTestId('quote-error')).toBeNull();
    expect(screen.queryByText('Try again')).toBeNull();

    answer = quote;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await screen.findByTestId('price-summary');
    expect(
      calls.some(
        (c) => c.path === '/api/orders/quote' && (c.body as { whenShopOpens?: boolean })?.whenShopOpens,
      ),
    ).toBe(true);
    await waitFor(() =>
      expect((screen.getByTestId('validate-and-pay') as HTMLButtonElement).disabled).toBe(false),
    );
    act(() => checkoutStore.update({ whenShopOpens: false }));
  });

  it('in Tamil, names the shop by its Tamil name, not its English one inside a Tamil sentence', async () => {
    fakeApi({
      ...shop,
      '/api/sellers/anand': { seller: { ...seller, brandNameTa: 'ஆனந்த் ஸ்வீட்ஸ்' }, products: [] },
      '/api/orders/quote': quote,
    });
    fillCart();
    await renderPage(<MyCartPage />, { language: 'ta' });
    await waitFor(() => expect(screen.getByTestId('cart-seller').textContent).toContain('ஆனந்த் ஸ்வீட்ஸ்'));
    expect(screen.getByTestId('cart-seller').textContent).not.toContain('Anand Sweets');
  });
});
