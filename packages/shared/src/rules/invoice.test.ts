import { describe, expect, it } from 'vitest';
import { invoiceOf } from './invoice.ts';

const name = (en: string) => ({ en, ta: en });
const price = { deliveryFeePaise: 4000, smallCartFeePaise: 0, packagingFeePaise: 600, feesTaxPaise: 702 };
const REGISTERED = { gstin: '33ABCDE1234F1Z7' };

describe("a shop's tax invoice for an order", () => {
  it('is a bill of supply with no tax at all from a shop with no GSTIN', () => {
    const order = {
      items: [
        {
          vrntId: 'rice',
          name: name('Rice'),
          quantity: 2,
          unavailableQuantity: 0,
          unitPricePaise: 64000,
          taxPercent: 5,
        },
      ],
      substitutions: [],
      price,
    };
    const bill = invoiceOf({ ...order, seller: { gstin: null } });
    expect(bill.kind).toBe('billOfSupply');
    expect(bill.lines).toEqual([
      {
        name: name('Rice'),
        quantity: 2,
        unitPricePaise: 64000,
        amountPaise: 128000,
        taxPercent: null,
        taxPaise: null,
      },
    ]);
    expect(bill).toMatchObject({ goodsPaise: 128000, taxPaise: 0, cgstPaise: 0, sgstPaise: 0 });
    // The same order from a registered shop is a tax invoice with its GST.
    const invoice = invoiceOf({ ...order, seller: REGISTERED });
    expect(invoice.kind).toBe('taxInvoice');
    expect(invoice.taxPaise).toBe(6095);
  });

  it('lists what was supplied with the GST inside each line, split into CGST and SGST', () => {
    const invoice = invoiceOf({
      seller: REGISTERED,
      items: [
        {
          vrntId: 'rice',
          name: name('Rice'),
          quantity: 2,
          unavailableQuantity: 0,
          unitPricePaise: 64000,
          taxPercent: 5,
        },
        {
          vrntId: 'soap',
          name: name('Soap'),
          quantity: 1,
          unavailableQuantity: 0,
          unitPricePaise: 4500,
          taxPercent: 18,
        },
      ],
      substitutions: [],
      price,
    });
    expect(invoice.lines.map((l) => [l.quantity, l.amountPaise, l.taxPaise])).toEqual([
      [2, 128000, 6095],
      [1, 4500, 686],
    ]);
    expect(invoice.goodsPaise).toBe(132500);
    expect(invoice.taxPaise).toBe(6781);
    expect(invoice.cgstPaise + invoice.sgstPaise).toBe(6781);
    expect(invoice.sgstPaise - invoice.cgstPaise).toBe(1);
    expect(invoice).toMatchObject({ feesPaise: 4600, feesTaxPaise: 702 });
  });

  it('leaves out what the shop did not have and lists an accepted substitute at its own rate', () => {
    const invoice = invoiceOf({
      seller: REGISTERED,
      items: [
        {
          vrntId: 'milk',
          name: name('Milk'),
          quantity: 3,
          unavailableQuantity: 1,
          unitPricePaise: 2000,
          taxPercent: 0,
        },
        {
          vrntId: 'curd',
          name: name('Curd'),
          quantity: 2,
          unavailableQuantity: 0,
          unitPricePaise: 5800,
          taxPercent: 5,
        },
      ],
      substitutions: [
        {
          vrntId: 'curd',
          quantity: 2,
          status: 'accepted',
          substitute: { name: name('Curd 400g'), unitPricePaise: 5000, taxPercent: 5 },
        },
        {
          vrntId: 'milk',
          quantity: 1,
          status: 'declined',
          substitute: { name: name('Other'), unitPricePaise: 100, taxPercent: 5 },
        },
      ],
      price,
    });
    expect(invoice.lines.map((l) => [l.name.en, l.quantity, l.amountPaise])).toEqual([
      ['Milk', 2, 4000],
      ['Curd 400g', 2, 10000],
    ]);
  });

  it('says nothing of the rate of lines older than the rates kept', () => {
    const invoice = invoiceOf({
      seller: REGISTERED,
      items: [
        {
          vrntId: 'x',
          name: name('Old'),
          quantity: 1,
          unavailableQuantity: 0,
          unitPricePaise: 1000,
          taxPercent: null,
        },
      ],
      substitutions: [],
      price,
    });
    expect(invoice.lines[0]).toMatchObject({ taxPercent: null, taxPaise: null });
    expect(invoice.taxPaise).toBe(0);
  });
});
