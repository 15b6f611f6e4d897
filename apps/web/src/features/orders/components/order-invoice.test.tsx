// @vitest-environment happy-dom

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderFixture } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { OrderInvoice } from './order-invoice.tsx';

afterEach(() => cleanup());

const order = (gstin: string | null) =>
  orderFixture({
    seller: {
      ...orderFixture().seller,
      address: '14 Car Street, Sivakasi',
      gstin,
      fssai: gstin ? '12416012000123' : null,
    },
    items: [
      {
        ...orderFixture().items[0]!,
        quantity: 3,
        unavailableQuantity: 1,
        taxPercent: 5,
        unitPricePaise: 2100,
      },
    ],
    price: { ...orderFixture().price, feesTaxPaise: 702 },
  });

describe("the shop's invoice on an order", () => {
  it('is a tax invoice naming the shop, its GSTIN and the tax on each line supplied', async () => {
    await renderPage(<OrderInvoice order={order('33ABCDE1234F1Z7')} />);
    const invoice = screen.getByTestId('order-invoice');
    expect(within(invoice).getByRole('heading').textContent).toBe('Tax invoice');
    expect(invoice.textContent).toContain('Gokulam Dairy');
    expect(screen.getByTestId('invoice-gstin').textContent).toBe('GSTIN 33ABCDE1234F1Z7');
    expect(invoice.textContent).toContain('FSSAI licence 12416012000123');
    expect(invoice.textContent).toContain('Invoice 26-27/000007');
    // Two of the three came (one was missing): ₹42 with 5% GST, ₹2 inside.
    const lines = within(screen.getByTestId('invoice-lines')).getAllByRole('row');
    expect(lines[1]?.textContent).toContain('₹21 × 2');
    expect(lines[1]?.textContent).toContain('5%');
    expect(lines[1]?.textContent).toContain('₹2');
    expect(screen.getByTestId('invoice-goods').textContent).toBe('₹42');
    expect(screen.getByTestId('invoice-fees').textContent).toContain('₹46');
  });

  it('is a bill of supply, in Tamil too, when the shop has no GSTIN', async () => {
    await renderPage(<OrderInvoice order={order(null)} />, { language: 'ta' });
    expect(within(screen.getByTestId('order-invoice')).getByRole('heading').textContent).toBe(
      'விநியோகச் சீட்டு',
    );
    expect(screen.queryByTestId('invoice-gstin')).toBeNull();
    // It carries no tax: no GST column, no rate or amount on a line, no CGST or SGST.
    const table = screen.getByTestId('invoice-lines');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
    expect(table.textContent).not.toMatch(/%|GST/);
    expect(screen.queryByTestId('invoice-cgst')).toBeNull();
    expect(screen.getByTestId('invoice-goods').textContent).toBe('₹42');
  });
});
