// @vitest-environment happy-dom
import { PUSH_ALERTS } from '@petti/shared/schemas/push';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from '../../../lib/ui/toast-store.ts';
import { renderPage } from '../../../test/render.tsx';
import { AlertsPanel } from './alerts-panel.tsx';

const allOn = { alerts: Object.fromEntries(PUSH_ALERTS.map((a) => [a, true])) };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Preferences read at once; a save answered only when the test says, once it has been sent. */
function slowSaves() {
  let answer: ((res: Response) => void) | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path !== '/api/push/preferences')
        return json({ error: { code: 'ResourceNotFound', message: 'x' } }, 404);
      if ((init?.method ?? 'GET') === 'GET') return json(allOn);
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    }),
  );
  return {
    answer: async (res: Response) => {
      await waitFor(() => expect(answer).not.toBeNull());
      await act(async () => answer?.(res));
    },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.clear();
});

describe('the alert switches', () => {
  it('move under the finger while the choice is still being saved, and stay once it is', async () => {
    const save = slowSaves();
    await renderPage(<AlertsPanel />);
    const refund = (await screen.findByTestId('alert-refund')) as HTMLInputElement;
    expect(refund.checked).toBe(true);
    fireEvent.click(refund);
    expect(refund.checked).toBe(false);
    await save.answer(json({ alerts: { ...allOn.alerts, refund: false } }));
    expect(refund.checked).toBe(false);
  });

  it('go back, with a message, when the save is refused', async () => {
    const save = slowSaves();
    await renderPage(<AlertsPanel />);
    const refund = (await screen.findByTestId('alert-refund')) as HTMLInputElement;
    fireEvent.click(refund);
    expect(refund.checked).toBe(false);
    await save.answer(
      json({ error: { code: 'Validation', message: 'Some of the details are not valid.' } }, 400),
    );
    await waitFor(() => expect(refund.checked).toBe(true));
    expect(
      toastStore
        .getState()
        .toasts.map((t) => t.message)
        .join(' '),
    ).toMatch(/not valid/);
  });

  it('keep a second tap while the first is still being saved', async () => {
    const answers: Array<(res: Response) => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        (init?.method ?? 'GET') === 'GET'
          ? json(allOn)
          : new Promise<Response>((resolve) => {
              answers.push(resolve);
            }),
      ),
    );
    await renderPage(<AlertsPanel />);
    const refund = (await screen.findByTestId('alert-refund')) as HTMLInputElement;
    const ending = screen.getByTestId('alert-lockerEnding') as HTMLInputElement;
    fireEvent.click(refund);
    await waitFor(() => expect(answers).toHaveLength(1));
    fireEvent.click(ending);
    await waitFor(() => expect(answers).toHaveLength(2));
    // The first save answers: the second tap, not yet answered, still shows.
    await act(async () => answers[0]!(json({ alerts: { ...allOn.alerts, refund: false } })));
    expect(refund.checked).toBe(false);
    expect(ending.checked).toBe(false);
    await act(async () =>
      answers[1]!(json({ alerts: { ...allOn.alerts, refund: false, lockerEnding: false } })),
    );
    expect(ending.checked).toBe(false);
  });
});
