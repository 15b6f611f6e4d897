// @vitest-environment happy-dom
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSubscriptions } from '../../../lib/plans/subscriptions.ts';
import { answerDialog, dialogStore } from '../../../lib/ui/dialog-store.ts';
import { toastStore } from '../../../lib/ui/toast-store.ts';
import { subscriptionFixture } from '../../../test/fixtures.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { PlanChanges } from './plan-changes.tsx';

afterEach(() => {
  cleanup();
  act(() => dialogStore.setState({ queue: [] }));
  act(() => toastStore.setState({ toasts: [] }));
  vi.unstubAllGlobals();
});

describe("a plan's changes", () => {
  it('pauses a running plan for the days asked, refusing what is not 1 to 30 before asking the server', async () => {
    const running = subscriptionFixture();
    const api = fakeApi({
      'POST /api/subscriptions/sub-1/pause': {
        ...running,
        status: 'paused',
        pause: { from: '2026-11-28T00:00:00Z', until: '2026-12-05T00:00:00Z' },
      },
      '/api/subscriptions': { subscriptions: [] },
    });
    await renderPage(<PlanChanges s={running} />);
    fireEvent.click(screen.getByTestId('pause-plan'));
    expect(screen.getByTestId('pause-form').textContent).toContain('its end moves out by as many days');
    fireEvent.change(screen.getByTestId('pause-days'), { target: { value: '31' } });
    fireEvent.click(screen.getByTestId('pause-submit'));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Choose a whole number of days from 1 to 30.',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('pause-days'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('pause-submit'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/subscriptions/sub-1/pause',
        body: { days: 7 },
      }),
    );
  });

  it('offers to resume a paused plan, saying until when it rests and when it now ends', async () => {
    const paused = subscriptionFixture({
      status: 'paused',
      endsAt: '2026-12-27T06:30:00Z',
      pause: { from: '2026-11-28T00:00:00Z', until: '2026-12-05T06:30:00Z' },
    });
    const api = fakeApi({ 'DELETE /api/subscriptions/sub-1/pause': { ...paused, status: 'active' } });
    await renderPage(<PlanChanges s={paused} />);
    expect(screen.getByTestId('plan-paused').textContent).toContain('Paused until 5 Dec');
    expect(screen.getByTestId('plan-paused').textContent).toContain('Your plan now ends on 27 Dec');
    fireEvent.click(screen.getByTestId('resume-plan'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('cancels a paid renewal only once the shopper confirms, saying the refund is in full', async () => {
    const renewal = subscriptionFixture({ id: 'sub-2', status: 'scheduled', pricePaise: 34_900 });
    const api = fakeApi({
      'DELETE /api/subscriptions/sub-2': {
        subscription: { ...renewal, status: 'cancelled' },
        refund: { amountPaise: 34_900 },
      },
    });
    await renderPage(<PlanChanges s={renewal} />);
    fireEvent.click(screen.getByTestId('cancel-renewal'));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    const [asked] = dialogStore.getState().queue;
    expect(asked!.options.message).toBe(
      'It has not started yet, so you get ₹349 back in full. Your current plan runs to its end.',
    );
    act(() => answerDialog(asked!.id, 'cancel'));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('cancel-renewal'));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    act(() => answerDialog(dialogStore.getState().queue[0]!.id, 'confirm'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/subscriptions/sub-2'),
    );
  });

  it('says the refund is in full even when the renewal leaves the list before the answer comes', async () => {
    const renewal = subscriptionFixture({ id: 'sub-2', status: 'scheduled', pricePaise: 34_900 });
    let cancelled = false;
    let answer: () => void = () => {};
    fakeApi({
      // The live word of the refund reaches the app before the request's own answer does.
      'DELETE /api/subscriptions/sub-2': () => {
        cancelled = true;
        return new Promise((resolve) => {
          answer = () =>
            resolve({ subscription: { ...renewal, status: 'cancelled' }, refund: { amountPaise: 34_900 } });
        });
      },
      '/api/subscriptions': () => ({ subscriptions: cancelled ? [] : [renewal] }),
    });
    // As on /subscribed: the card is there only while the list has the renewal.
    let client: QueryClient | null = null;
    function Listed() {
      client = useQueryClient();
      const subs = useSubscriptions();
      const s = subs.data?.subscriptions[0];
      return s ? <PlanChanges s={s} /> : <p>none</p>;
    }
    await renderPage(<Listed />);
    fireEvent.click(await screen.findByTestId('cancel-renewal'));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    act(() => answerDialog(dialogStore.getState().queue[0]!.id, 'confirm'));
    await waitFor(() => expect(cancelled).toBe(true));
    await act(() => client!.invalidateQueries({ queryKey: ['subscriptions'] }));
    await screen.findByText('none');
    act(() => answer());
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.message)).toContain(
        'Renewal cancelled. ₹349 is refunded in full.',
      ),
    );
  });

  it('offers nothing for a plan waiting for its payment', async () => {
    fakeApi({});
    const { container } = await renderPage(<PlanChanges s={subscriptionFixture({ status: 'pending' })} />);
    expect(container.textContent).toBe('');
  });
});
