// @vitest-environment happy-dom

import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveEventMeta } from '../../lib/realtime/index.ts';
import { confirm, dialogStore } from '../../lib/ui/dialog-store.ts';
import { toastStore } from '../../lib/ui/toast-store.ts';
import { fakeApi, renderPage } from '../../test/render.tsx';
import { useBookingEvents } from './use-booking-events.ts';

// The live connection is replaced by a hand that delivers events, as the broker would.
let deliver: ((e: LiveEvent, meta: LiveEventMeta) => void) | null = null;
vi.mock('../../lib/realtime/index.ts', async (original) => ({
  ...(await original<typeof import('../../lib/realtime/index.ts')>()),
  useLiveEvents: (listener: (e: LiveEvent, meta: LiveEventMeta) => void) => {
    deliver = listener;
  },
}));

function Screen({ onRefused }: { onRefused: (m: string) => void }) {
  useBookingEvents(onRefused);
  return <p>booking screen</p>;
}

const event = (name: string, data: Record<string, unknown>): LiveEvent =>
  ({ event: name, data: { code: name, ...data }, SessionID: 'this-device' }) as LiveEvent;

beforeEach(() => {
  fakeApi({});
  toastStore.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('what the locker screens do with events', () => {
  it('closes the confirm popup with the refusal’s message on UserNotEnable and lockerOffline from this device', async () => {
    const refused = vi.fn();
    await renderPage(<Screen onRefused={refused} />);
    for (const name of ['UserNotEnable', 'lockerOffline']) {
      void confirm({ title: 'Book this locker?' });
      expect(dialogStore.getState().queue).toHaveLength(1);
      act(() => deliver!(event(name, { message: `refused: ${name}` }), { fromThisDevice: true }));
      expect(dialogStore.getState().queue).toHaveLength(0);
      expect(refused).toHaveBeenLastCalledWith(`refused: ${name}`);
    }
    // From another device: this screen's popup is left alone.
    void confirm({ title: 'Book this locker?' });
    act(() => deliver!(event('UserNotEnable', { message: 'x' }), { fromThisDevice: false }));
    expect(dialogStore.getState().queue).toHaveLength(1);
  });

  it('opens the payment step when a locker is found for the waitlist', async () => {
    await renderPage(<Screen onRefused={() => {}} />, { path: '*' });
    act(() =>
      deliver!(
        event('availableLockerFound', {
          bookingId: 'b1',
          siteId: 'bus-stand',
          isRequirePricing: true,
          payment: {
            id: 'p1',
            providerOrderId: 'o1',
            provider: 'testpay',
            amount: 5000,
            currency: 'INR',
            keyId: 'k',
          },
        }),
        { fromThisDevice: false },
      ),
    );
    const [shown] = toastStore.getState().toasts;
    expect(shown?.message).toBe('A locker is free for you now. Pay to keep it.');
    expect(shown?.timeoutMs).toBe(0);
    expect(shown?.actions.map((a) => a.label)).toEqual(['Pay']);
    expect(screen.getByText('booking screen')).toBeTruthy();
  });

  it('opens the payment step for an overstay due (updateExpiredBookingTaskToken), and Pay goes to the booking', async () => {
    await renderPage(<Screen onRefused={() => {}} />);
    const payment = {
      id: 'p2',
      providerOrderId: 'o2',
      provider: 'testpay',
      amount: 2000,
      currency: 'INR',
      keyId: 'k',
    };
    act(() =>
      deliver!(
        event('updateExpiredBookingTaskToken', {
          bookingId: 'b9',
          siteId: 'bus-stand',
          isRequirePrice: true,
          message: 'Your time is up. Pay ₹20 for the extra time to open the locker.',
          payment,
        }),
        { fromThisDevice: false },
      ),
    );
    const [shown] = toastStore.getState().toasts;
    expect(shown).toMatchObject({
      id: 'live-updateExpiredBookingTaskToken-b9',
      message: 'Your time is up. Pay ₹20 for the extra time to open the locker.',
      timeoutMs: 0,
    });
    // Without pricing asked for, there is no payment step.
    toastStore.setState({ toasts: [] });
    act(() =>
      deliver!(event('updateExpiredBookingTaskToken', { bookingId: 'b9', isRequirePrice: false, payment }), {
        fromThisDevice: false,
      }),
    );
    expect(toastStore.getState().toasts).toHaveLength(0);
    // Pay leaves for the booking's page.
    act(() => shown!.actions[0]!.onClick!());
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
