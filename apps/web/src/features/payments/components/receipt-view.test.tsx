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
