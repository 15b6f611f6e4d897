// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { OrderEndNote } from './order-end-note.tsx';

describe('why a cancelled order ended', () => {
  it("says the shop's reason and its note, in English and Tamil", async () => {
    await renderPage(<OrderEndNote cancelReason="shop: too_busy (Back at 6 pm)" />);
    expect(screen.getByText('The shop turned this order down: the shop is too busy right now.')).toBeTruthy();
    expect(screen.getByText('The shop says: “Back at 6 pm”')).toBeTruthy();
  });

  it('in Tamil', async () => {
    await renderPage(<OrderEndNote cancelReason="shop: nothing left" />, { language: 'ta' });
    expect(screen.getByText('கடை இந்த ஆர்டரை ஏற்கவில்லை: எந்தப் பொருளும் கிடைக்கவில்லை.')).toBeTruthy();
  });

  it('says the buyer cancelled, and nothing for a payment that never came', async () => {
    const buyer = await renderPage(<OrderEndNote cancelReason="buyer: changed my mind" />);
    expect(buyer.container.textContent).toBe('You cancelled this order.');
    const unpaid = await renderPage(<OrderEndNote cancelReason="payment" />);
    expect(unpaid.container.querySelector('[data-testid="order-end"]')).toBeNull();
  });
});
