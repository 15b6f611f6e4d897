import { gstIncluded } from './money.ts';

/**
 * The shop's tax invoice for an order (docs/shops.md#tax-invoices): what it actually supplied, line
 * by line with the GST inside each, split into CGST and SGST (a sale within Tamil Nadu). Lines the
 * shop did not have are left out; a substitute the buyer accepted is its own line at its own rate.
 * Petti's fees (delivery, small cart, packaging) are Petti's service, not the shop's supply: listed
 * apart. Amounts are integer paise, GST included. A shop with no GSTIN is not registered for GST and
 * charges none: its document is a bill of supply, which carries no tax at all (no rate, no amount,
 * no CGST or SGST).
 */

export interface InvoiceOrder {
  seller: { gstin: string | null };
  items: ReadonlyArray<{
    vrntId: string;
    name: { en: string; ta: string };
    quantity: number;
    unavailableQuantity: number;
    unitPricePaise: number;
    taxPercent: number | null;
  }>;
  substitutions: ReadonlyArray<{
    vrntId: string;
    quantity: number;
    status: string;
    substitute: {
      name: { en: string; ta: string };
      unitPricePaise: number;
      taxPercent: number | null;
    };
  }>;
  price: {
    deliveryFeePaise: number;
    smallCartFeePaise: number;
    packagingFeePaise: number;
    feesTaxPaise: number;
  };
}

export interface InvoiceLine {
  name: { en: string; ta: string };
  quantity: number;
  unitPricePaise: number;
  /** Price × quantity, GST included. */
  amountPaise: number;
  /** Null on a bill of supply, or when the order is older than the rates kept with it. */
  taxPercent: number | null;
  taxPaise: number | null;
}

export interface Invoice {
  /** A tax invoice from a shop registered for GST, else a bill of supply. */
  kind: 'taxInvoice' | 'billOfSupply';
  lines: InvoiceLine[];
  /** What the shop supplied, GST included. */
  goodsPaise: number;
  /** The GST inside it (known lines), and its halves. */
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  /** Petti's fees, GST (18 %) included, and that GST. */
  feesPaise: number;
  feesTaxPaise: number;
}

export function invoiceOf(order: InvoiceOrder): Invoice {
  const kind = order.seller.gstin ? 'taxInvoice' : 'billOfSupply';
  const lines: InvoiceLine[] = [];
  const line = (
    name: InvoiceLine['name'],
    quantity: number,
    unitPricePaise: number,
    taxPercent: number | null,
  ): void => {
    if (quantity <= 0) return;
    const amountPaise = unitPricePaise * quantity;
    const rate = kind === 'taxInvoice' ? taxPercent : null;
    lines.push({
      name,
      quantity,
      unitPricePaise,
      amountPaise,
      taxPercent: rate,
      taxPaise: rate === null ? null : gstIncluded(amountPaise, rate),
    });
  };
  const accepted = order.substitutions.filter((s) => s.status === 'accepted');
  for (const item of order.items) {
    const swapped = accepted.filter((s) => s.vrntId === item.vrntId).reduce((n, s) => n + s.quantity, 0);
    line(item.name, item.quantity - item.unavailableQuantity - swapped, item.unitPricePaise, item.taxPercent);
    for (const s of accepted.filter((x) => x.vrntId === item.vrntId))
      line(s.substitute.name, s.quantity, s.substitute.unitPricePaise, s.substitute.taxPercent);
  }
  const taxPaise = lines.reduce((n, l) => n + (l.taxPaise ?? 0), 0);
  // Halves in whole paise: SGST takes the odd paisa.
  const cgstPaise = Math.floor(taxPaise / 2);
  const { deliveryFeePaise, smallCartFeePaise, packagingFeePaise, feesTaxPaise } = order.price;
  return {
    kind,
    lines,
    goodsPaise: lines.reduce((n, l) => n + l.amountPaise, 0),
    taxPaise,
    cgstPaise,
    sgstPaise: taxPaise - cgstPaise,
    feesPaise: deliveryFeePaise + smallCartFeePaise + packagingFeePaise,
    feesTaxPaise,
  };
}
