// @vitest-environment happy-dom
import { PUSH_ALERTS } from '@petti/shared/schemas/push';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from '../../../lib/ui/toast-store.ts';
import { type FakeAnswer, fakeApi, renderPage } from '../../../test/render.tsx';
import { AlertsPanel } from './alerts-panel.tsx';

const allOn = { alerts: Object.fromEntries(PUSH_ALERTS.map((a) => [a, true])) };
/** Preferences read at once; each save waits until the test answers it, in the order they were sent. */
function heldSaves() {
  const pending: Array<(answer: FakeAnswer) => void> = [];
  fakeApi({
    'GET /api/push/preferences': allOn,
    'PUT /api/push/preferences': () => new Promise((resolve) => pending.push(resolve)),
  });
  return {
    /** Waits for save `i` to be sent. */
    sent: (i: number) => waitFor(() => expect(pending.length).toBeGreaterThan(i)),
    answer: async (i: number, answer: FakeAnswer) => {
      await waitFor(() => expect(pending.length).toBeGreaterThan(i));
      await act(async () => pending[i]!(answer));
    },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.clear();
});

describe('the alert switches', () => {
  it('offer a shop’s alerts to those who work in one and the locker network’s to operators only', async () => {
    fakeApi({ 'GET /api/push/preferences': allOn, '/api/shops/mine': { shops: [], operator: false } });
    await renderPage(<AlertsPanel />);
    await screen.findByTestId('alert-refund');
    expect(screen.queryByTestId('alert-shopOrders')).toBeNull();
    expect(screen.queryByTestId('alert-lockerSites')).toBeNull();
    cleanup();
    fakeApi({ 'GET /api/push/preferences': allOn, '/api/shops/mine': { shops: [], operator: true } });
    await renderPage(<AlertsPanel />);
    expect((await screen.findByTestId('alert-lockerSites')).closest('label')!.textContent).toContain(
      'Locker sites offline',
    );
    expect(screen.queryByTestId('alert-shopOrders')).toBeNull();
  });

  it('move under the finger while the choice is still being saved, and stay once it is', async () => {
    const save = heldSaves();
    await renderPage(<AlertsPanel />);
    const refund = (await screen.findByTestId('alert-refund')) as HTMLInputElement;
    expect(refund.checked).toBe(true);
    fireEvent.click(refund);
    expect(refund.checked).toBe(false);
    await save.answer(0, { alerts: { ...allOn.alerts, refund: false } });
    expect(refund.checked).toBe(false);
  });

  it('go back, with a message, when the save is refused', async () => {
    const save = heldSaves();
    await renderPage(<AlertsPanel />);
    const refund = (await screen.findByTestId('alert-refund')) as HTMLInputElement;
    fireEvent.click(refund);
    expect(refund.checked).toBe(false);
    await save.answer(0, {
      status: 400,
      body: { error: { code: 'Validation', message: 'Some of the details are not valid.' } },
    });
    await waitFor(() => expect(refund.checked).toBe(true));
    expect(
      toastStore
        .getState()
        .toasts.map((t) => t.message)
        .join(' '),
    ).toMatch(/not valid/);
  });

  it('keep a second tap while the first is still being saved', async () => {
    const saves = heldSaves();
    await renderPage(<AlertsPanel />);
    const refund = (await screen.findByTestId('alert-refund')) as HTMLInputElement;
    const ending = screen.getByTestId('alert-lockerEnding') as HTMLInputElement;
    fireEvent.click(refund);
    await saves.sent(0);
    fireEvent.click(ending);
    await saves.sent(1);
    // The first save answers: the second tap, not yet answered, still shows.
    await saves.answer(0, { alerts: { ...allOn.alerts, refund: false } });
    expect(refund.checked).toBe(false);
    expect(ending.checked).toBe(false);
    await saves.answer(1, { alerts: { ...allOn.alerts, refund: false, lockerEnding: false } });
    expect(ending.checked).toBe(false);
  });
});
