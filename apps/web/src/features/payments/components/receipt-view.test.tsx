// @vitest-environment happy-dom

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { ReceiptView } from './receipt-view.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A list whose rows open receipts one after another. */
function Receipts() {
  const [id, setId] = useState('p1');
  return (
    <>
      <button type="button" onClick={() => setId('p2')}>
        next
      </button>
      <ReceiptView id={id} onClose={() => {}} />
    </>
  );
}

it('brings a receipt opened far down the list into view, again for each receipt opened (item 5)', async () => {
  const scrolled: Array<{ el: Element; options: unknown }> = [];
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement, options) {
    scrolled.push({ el: this, options });
  });
  fakeApi({ '/api/payments/': { status: 404, body: { error: { code: 'ResourceNotFound', message: 'x' } } } });
  await renderPage(<Receipts />);
  const receipt = screen.getByTestId('receipt');
  expect(scrolled).toEqual([{ el: receipt, options: { block: 'start', behavior: 'smooth' } }]);
  fireEvent.click(screen.getByRole('button', { name: 'next' }));
  expect(scrolled).toHaveLength(2);
});

it('prints (or saves as PDF) a receipt once it is shown, with everything the screen shows', async () => {
  const print = vi.fn();
  vi.stubGlobal('print', print);
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
  fakeApi({
    '/api/payments/p1': {
      id: 'p1',
      provider: 'testpay',
      providerOrderId: 'order_1',
      amount: 9900,
      currency: 'INR',
      keyId: 'k',
      purpose: 'plan',
      subjectId: 's1',
      description: { en: 'Locker Lite plan', ta: 'லாக்கர் லைட் திட்டம்' },
      status: 'captured',
      tax: 1510,
      refunded: 0,
      method: 'upi',
      receiptNumber: 'PT-26-000001',
      createdAt: '2026-11-28T06:00:00Z',
      capturedAt: '2026-11-28T06:00:00Z',
      providerPaymentId: 'pay_1',
      failureReason: null,
      refunds: [],
      receipt: {
        number: 'PT-26-000001',
        issuedAt: '2026-11-28T06:00:00Z',
        issuer: { name: 'Petti Local Commerce', address: 'Sivakasi', gstin: '33ABCDE1234F1Z7' },
        billedTo: { name: 'Selvi Kannan', phone: '919876543210' },
        description: { en: 'Locker Lite plan', ta: 'லாக்கர் லைட் திட்டம்' },
        gst: { percent: 18, taxable: 8390, cgst: 755, sgst: 755, total: 1510 },
        total: 9900,
        refunded: 0,
      },
    },
  });
  await renderPage(<ReceiptView id="p1" onClose={() => {}} />);
  const button = await screen.findByTestId('receipt-print');
  expect(button.textContent).toBe('Print or save as PDF');
  // Printed alone: the app around it and its own buttons are left out (lib/ui/print-alone.css).
  const receipt = screen.getByTestId('receipt');
  expect(receipt.classList.contains('print-alone')).toBe(true);
  expect(button.closest('.print-alone__hide')).not.toBeNull();
  expect(receipt.textContent).toContain('PT-26-000001');
  // A tax document names who charged the GST, under which GSTIN, and whom it was charged to.
  expect(screen.getByTestId('receipt-gstin').textContent).toBe('GSTIN 33ABCDE1234F1Z7');
  expect(screen.getByTestId('receipt-billed-to').textContent).toBe('Selvi Kannan, +91 9876543210');
  // A tax document: its date with the year.
  expect(screen.getByTestId('receipt-date').textContent).toMatch(/^28 Nov 2026, 11:30\s?am$/i);
  fireEvent.click(button);
  expect(print).toHaveBeenCalledOnce();
});
