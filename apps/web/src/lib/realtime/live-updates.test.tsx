// @vitest-environment happy-dom

import { useQuery } from '@tanstack/react-query';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render.tsx';
import { api } from '../api.ts';
import { deviceSessionId } from '../device-session.ts';
import { toast, toastStore } from '../ui/toast-store.ts';

/** The broker side of one connection: the test fires CONNACK and messages through it. */
const broker = vi.hoisted(() => ({
  handlers: new Map<string, (...args: unknown[]) => void>(),
  subscribed: [] as string[],
  fire(event: string, ...args: unknown[]) {
    broker.handlers.get(event)?.(...args);
  },
}));

// The real live client, on a stand-in for mqtt.js.
vi.mock('./live.ts', async () => {
  const { createLiveClient } = await import('./live-client.ts');
  const { createOfflineBuffer } = await import('./offline-buffer.ts');
  const { memoryStorage } = await import('../storage.ts');
  const liveBuffer = createOfflineBuffer({ storage: () => memoryStorage() });
  const client = {
    on(event: string, cb: (...args: unknown[]) => void) {
      broker.handlers.set(event, cb);
      return client;
    },
    subscribe(topic: string) {
      broker.subscribed.push(topic);
      return client;
    },
    end: () => client,
  };
  return {
    liveBuffer,
    live: createLiveClient({
      connect: async () => client as unknown as import('./live-client.ts').MqttLike,
      url: () => 'ws://localhost/mqtt',
      credentials: async () => ({ userId: 'u1', token: 'token-1' }),
      isOnline: () => true,
      buffer: liveBuffer,
    }),
  };
});

const { LiveUpdates } = await import('./live-updates.tsx');

const send = (event: string, sessionId: string | null, data: Record<string, unknown> = {}) =>
  act(() =>
    broker.fire(
      'message',
      'users/u1/events',
      new TextEncoder().encode(
        JSON.stringify({
          event,
          data: { message: `${event} happened`, msg: `${event} நடந்தது`, ...data },
          SessionID: sessionId,
        }),
      ),
    ),
  );

beforeEach(() => {
  // Each test waits for its own connection's handlers, not the last test's.
  broker.handlers.clear();
  localStorage.setItem('lastSignedInUser', 'u1');
  fakeApi({});
  toast.clear();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('live updates in the app', () => {
  it('re-broadcasts every event as gettingEvents, and toasts only those from another device', async () => {
    const heard: Array<{ event: string }> = [];
    const listen = (e: Event) => heard.push((e as CustomEvent).detail);
    window.addEventListener('gettingEvents', listen);
    await renderPage(<LiveUpdates />);
    await vi.waitFor(() => expect(broker.handlers.has('message')).toBe(true));
    act(() => broker.fire('connect'));
    expect(broker.subscribed).toContain('users/u1/events');

    send('bookingReserved', 'another-phone', { bookingId: 'b1' });
    send('bookingReserved', deviceSessionId(), { bookingId: 'b2' });
    expect(heard.map((e) => e.event)).toEqual(['bookingReserved', 'bookingReserved']);
    expect(toastStore.getState().toasts.map((t) => t.message)).toEqual(['bookingReserved happened']);
    window.removeEventListener('gettingEvents', listen);

    // A request this device sent from its offline buffer got no HTTP answer: its refusal is said here.
    send('liveRequestRefused', deviceSessionId(), { requestId: 'r1', orderId: 'o1' });
    expect(toastStore.getState().toasts.at(-1)).toMatchObject({
      message: 'liveRequestRefused happened',
      variant: 'error',
    });
  });

  it('reads a product again when its shop changes it, with no toast and nothing else re-read', async () => {
    let productReads = 0;
    let ordersReads = 0;
    fakeApi({
      '/api/products/rice': () => ({ product: { id: 'rice', price: ++productReads } }),
      '/api/orders': () => ({ orders: [], n: ++ordersReads }),
    });
    function Open() {
      const product = useQuery({
        queryKey: ['products', 'one', 'rice'],
        queryFn: () => api.get('/products/rice'),
      });
      const list = useQuery({ queryKey: ['orders'], queryFn: () => api.get('/orders') });
      return <p>{JSON.stringify([product.data, list.data])}</p>;
    }
    await renderPage(
      <>
        <LiveUpdates />
        <Open />
      </>,
    );
    await vi.waitFor(() => expect(productReads).toBe(1));
    await vi.waitFor(() => expect(broker.handlers.has('message')).toBe(true));
    act(() => broker.fire('connect'));
    await act(() =>
      broker.fire(
        'message',
        'shops/s1/products',
        new TextEncoder().encode(
          JSON.stringify({
            event: 'shopProductsChanged',
            data: { shopId: 's1', productIds: ['rice'] },
            SessionID: null,
          }),
        ),
      ),
    );
    await vi.waitFor(() => expect(productReads).toBe(2));
    expect(ordersReads).toBe(1);
    expect(toastStore.getState().toasts).toEqual([]);
  });

  it('keeps one toast per thing: the latest news about an order replaces the one before', async () => {
    await renderPage(<LiveUpdates />);
    await vi.waitFor(() => expect(broker.handlers.has('message')).toBe(true));
    act(() => broker.fire('connect'));
    send('orderPlaced', 'another-phone', { orderId: 'o7' });
    send('paymentCaptured', 'another-phone', { id: 'p7', subjectId: 'o7' });
    send('orderCancelled', 'another-phone', { orderId: 'o7' });
    send('paymentRefunded', 'another-phone', { id: 'p7', subjectId: 'o7' });
    send('bookingReserved', 'another-phone', { bookingId: 'b9' });
    expect(toastStore.getState().toasts.map((t) => t.message)).toEqual([
      'paymentRefunded happened',
      'bookingReserved happened',
    ]);
  });
});
