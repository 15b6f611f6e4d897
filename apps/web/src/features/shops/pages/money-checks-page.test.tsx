// @vitest-environment happy-dom

import type { MoneyCheck } from '@petti/shared/schemas/money-checks';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerDialog, dialogStore } from '../../../lib/ui/dialog-store.ts';
import { toastStore } from '../../../lib/ui/toast-store.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import MoneyChecksPage from './money-checks-page.tsx';

afterEach(() => {
  cleanup();
  act(() => dialogStore.setState({ queue: [] }));
  toastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
});

const check = (over: Partial<MoneyCheck>): MoneyCheck => ({
  id: 'order_settlement:o1',
  rule: 'order_settlement',
  subject: 'o1',
  shopId: 's1',
  shopName: 'Anbu Stores',
  orderId: 'ord12345678abcdef',
  expectedPaise: 15000,
  actualPaise: 30000,
  detail: 'sent 30000 − reversed 0 for a share of 15000',
  held: false,
  since: new Date(Date.now() - 3_600_000).toISOString(),
  ...over,
});

const toasts = () => toastStore.getState().toasts.map((x) => x.message);

describe('the money checks console', () => {
  it('says all is well when nothing is open', async () => {
    fakeApi({ '/api/operator/money-checks': { checks: [], balanced: true } });
    await renderPage(<MoneyChecksPage />);
    expect((await screen.findByTestId('money-all-well')).textContent).toContain('All the money adds up');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows each check with its shop, order, amounts and since when, and warns when the journal does not balance', async () => {
    fakeApi({
      '/api/operator/money-checks': {
        checks: [check({}), check({ id: 'x', rule: 'a_rule_this_page_does_not_know', shopName: null })],
        balanced: false,
      },
    });
    await renderPage(<MoneyChecksPage />);
    const card = await screen.findByTestId('money-check-order_settlement');
    expect(card.textContent).toContain('A shop has the wrong amount for an order');
    expect(card.textContent).toContain('Shop: Anbu Stores');
    expect(card.textContent).toContain('Order ord12345');
    expect(card.textContent).toContain('Expected ₹150 · found ₹300');
    expect(card.textContent).toMatch(/Since \d/);
    expect(within(card).queryByRole('button', { name: 'Dealt with' })).toBeNull();
    expect(screen.getByTestId('money-check-a_rule_this_page_does_not_know').textContent).toContain(
      'Something does not add up',
    );
    expect(screen.getByRole('alert').textContent).toContain('does not balance');
  });

  it('runs the checks at once and says what it found', async () => {
    let open = [check({})];
    const { calls } = fakeApi({
      'POST /api/operator/money-checks/run': () => ({ checks: open, balanced: true }),
      '/api/operator/money-checks': () => ({ checks: open, balanced: true }),
    });
    await renderPage(<MoneyChecksPage />);
    await screen.findByTestId('money-check-order_settlement');
    open = [];
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(toasts()).toContain('Checked: everything adds up.'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/operator/money-checks/run')).toBe(true);
    expect(await screen.findByTestId('money-all-well')).toBeTruthy();

    open = [check({}), check({ id: 'y', rule: 'transfer_failed' })];
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(toasts()).toContain('Checked: 2 things do not add up.'));
  });

  it('clears a held provider fact only after asking, and not when the operator thinks again', async () => {
    const held = check({
      id: 'provider_transfer_state:t1',
      rule: 'provider_transfer_state',
      held: true,
      detail: 'transfer.failed after processed',
    });
    let open = [held];
    const { calls } = fakeApi({
      'POST /api/operator/money-checks/provider_transfer_state%3At1/clear': () => {
        open = [];
        return { ...held, held: false };
      },
      '/api/operator/money-checks': () => ({ checks: open, balanced: true }),
    });
    await renderPage(<MoneyChecksPage />);
    const card = await screen.findByTestId('money-check-provider_transfer_state');
    expect(card.textContent).toContain('Held for you');

    fireEvent.click(within(card).getByRole('button', { name: 'Dealt with' }));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    act(() => answerDialog(dialogStore.getState().queue[0]!.id, 'cancel'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Dealt with' }));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    const [asked] = dialogStore.getState().queue;
    expect(asked!.options.title).toBe('Mark this as dealt with?');
    act(() => answerDialog(asked!.id, 'confirm'));
    await waitFor(() => expect(toasts()).toContain('Marked as dealt with.'));
    expect(await screen.findByTestId('money-all-well')).toBeTruthy();
  });

  it('reads in Tamil', async () => {
    fakeApi({ '/api/operator/money-checks': { checks: [check({})], balanced: true } });
    await renderPage(<MoneyChecksPage />, { language: 'ta' });
    const card = await screen.findByTestId('money-check-order_settlement');
    expect(card.textContent).not.toContain('A shop has the wrong amount');
    expect(card.textContent).toContain('₹150');
  });
});
