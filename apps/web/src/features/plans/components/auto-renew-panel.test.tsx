// @vitest-environment happy-dom
import type { AutoRenew } from '@petti/shared/schemas/payments';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerDialog, dialogStore } from '../../../lib/ui/dialog-store.ts';
import { toastStore } from '../../../lib/ui/toast-store.ts';
import { subscriptionFixture } from '../../../test/fixtures.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { AutoRenewPanel } from './auto-renew-panel.tsx';

afterEach(() => {
  cleanup();
  act(() => dialogStore.setState({ queue: [] }));
  act(() => toastStore.setState({ toasts: [] }));
  vi.unstubAllGlobals();
});

const withMandate = (autoRenew: AutoRenew | null) => subscriptionFixture({ autoRenew });
const mandate = (over: Partial<AutoRenew>): AutoRenew => ({
  status: 'on',
  nextChargeAt: '2026-12-16T06:30:00Z',
  amountPaise: 9900,
  failedCharges: 0,
  ...over,
});

describe("a running plan's automatic renewal", () => {
  it('offers it with what it costs and when it charges, and opens the mandate page of the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = fakeApi({
      'POST /api/subscriptions/sub-1/auto-renew': {
        subscription: withMandate(mandate({ status: 'authorizing' })),
        checkout: { provider: 'testpay', keyId: 'testpay_key', providerSubscriptionId: 'sub_abc' },
      },
      '/api/subscriptions': { subscriptions: [] },
    });
    await renderPage(<AutoRenewPanel s={withMandate(null)} />);
    expect(screen.getByTestId('auto-renew').textContent).toContain(
      '₹99 every 30 days by UPI AutoPay or card, charged 4 days before each period ends.',
    );
    fireEvent.click(screen.getByTestId('auto-renew-on'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        '/api/payments/testpay/subscribe/sub_abc?return=%2Fsubscribed%3FautoRenewFor%3Dsub-1&lang=en',
      ),
    );
    expect(api.calls.find((c) => c.method === 'POST')?.path).toBe('/api/subscriptions/sub-1/auto-renew');
  });

  it('with Razorpay, authorises in its modal with the subscription id and confirms what it hands back', async () => {
    const opened: Record<string, unknown>[] = [];
    class FakeRazorpay {
      constructor(private readonly options: Record<string, unknown>) {
        opened.push(options);
      }
      on() {}
      open() {
        (this.options.handler as (r: Record<string, string>) => void)({
          razorpay_payment_id: 'pay_1',
          razorpay_subscription_id: 'sub_rzp',
          razorpay_signature: 'sig',
        });
      }
    }
    vi.stubGlobal('Razorpay', FakeRazorpay);
    const api = fakeApi({
      'POST /api/subscriptions/sub-1/auto-renew': {
        subscription: withMandate(mandate({ status: 'authorizing' })),
        checkout: { provider: 'razorpay', keyId: 'rzp_test_1', providerSubscriptionId: 'sub_rzp' },
      },
      'POST /api/subscriptions/sub-1/auto-renew/confirm': withMandate(mandate({})),
      '/api/subscriptions': { subscriptions: [] },
    });
    await renderPage(<AutoRenewPanel s={withMandate(null)} />);
    fireEvent.click(screen.getByTestId('auto-renew-on'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/subscriptions/sub-1/auto-renew/confirm')?.body).toEqual({
        providerSubscriptionId: 'sub_rzp',
        providerPaymentId: 'pay_1',
        signature: 'sig',
      }),
    );
    expect(opened[0]).toMatchObject({ key: 'rzp_test_1', subscription_id: 'sub_rzp' });
    expect(opened[0]).not.toHaveProperty('order_id');
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.message)).toContain(
        'Automatic renewal is on. We will tell you the day before each charge.',
      ),
    );
  });

  it('shows the next charge while on, and turns it off only when the holder confirms', async () => {
    const api = fakeApi({
      'DELETE /api/subscriptions/sub-1/auto-renew': withMandate(null),
      '/api/subscriptions': { subscriptions: [] },
    });
    await renderPage(<AutoRenewPanel s={withMandate(mandate({}))} />);
    expect(screen.getByTestId('auto-renew-status').textContent).toBe(
      'Renews automatically: ₹99 on 16 Dec, 12:00 pm.',
    );
    fireEvent.click(screen.getByTestId('auto-renew-off'));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    const [asked] = dialogStore.getState().queue;
    expect(asked!.options.message).toBe(
      'Your plan runs to its end on 20 Dec, 12:00 pm and nothing more is charged.',
    );
    act(() => answerDialog(asked!.id, 'cancel'));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('auto-renew-off'));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    act(() => answerDialog(dialogStore.getState().queue[0]!.id, 'confirm'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.message)).toContain(
        'Automatic renewal is off. Your plan runs to its end.',
      ),
    );
  });

  it('says when a failed charge is tried again and when the plan ends; once halted, offers renewing by hand', async () => {
    fakeApi({});
    const retrying = await renderPage(
      <AutoRenewPanel
        s={withMandate(
          mandate({ status: 'retrying', nextChargeAt: '2026-12-17T06:30:00Z', failedCharges: 1 }),
        )}
      />,
    );
    expect(screen.getByTestId('auto-renew-status').textContent).toBe(
      'The renewal payment did not go through. We will try again on 17 Dec, 12:00 pm; your plan ends on 20 Dec, 12:00 pm unless it does.',
    );
    retrying.unmount();
    await renderPage(
      <AutoRenewPanel s={withMandate(mandate({ status: 'halted', nextChargeAt: null, failedCharges: 4 }))} />,
      {
        language: 'ta',
      },
    );
    expect(screen.getByTestId('auto-renew-status').textContent).toContain('4 முறை');
    expect(screen.getByTestId('renew-by-hand').getAttribute('href')).toBe('/subscription');
  });
});
