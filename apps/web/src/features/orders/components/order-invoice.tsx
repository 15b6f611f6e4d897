import { invoiceOf } from '@petti/shared/rules/invoice';
import { formatRupees } from '@petti/shared/rules/money';
import type { Order } from '@petti/shared/schemas/orders';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { dateTimeFormat, nameIn, shopNameOf } from '../../../lib/orders/order-text.ts';
import { PrintButton } from '../../../lib/ui/print-button.tsx';
import '../invoice.css';

/**
 * The shop's tax invoice for a paid order (docs/shops.md#tax-invoices): the shop, its GSTIN and
 * FSSAI licence, each line supplied with its GST rate and amount, CGST and SGST, and Petti's fees
 * apart. A shop without a GSTIN issues a bill of supply, with no tax on it. "Print or save as PDF" uses the browser's
 * own print, with a layout that leaves out the app around it.
 */
export function OrderInvoice({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const invoice = invoiceOf(order);
  const gst = order.seller.gstin;
  // A bill of supply carries no tax: no GST column, no CGST or SGST (rules/invoice.ts).
  const taxed = invoice.kind === 'taxInvoice';
  return (
    <section
      className="panel stack invoice print-alone"
      aria-labelledby="invoice-title"
      data-testid="order-invoice"
    >
      <header className="invoice__head">
        <h2 id="invoice-title" className="panel__title">
          {taxed ? t('orders.invoice.taxInvoice') : t('orders.invoice.billOfSupply')}
        </h2>
        <PrintButton label={t('orders.invoice.print')} testId="invoice-print" />
      </header>
      <p className="invoice__shop">
        <strong>{shopNameOf(order, language)}</strong>
        {order.seller.address && (
          <>
            <br />
            {order.seller.address}
          </>
        )}
        {gst && (
          <>
            <br />
            <span data-testid="invoice-gstin">{t('orders.invoice.gstin', { gstin: gst })}</span>
          </>
        )}
        {order.seller.fssai && (
          <>
            <br />
            {t('orders.invoice.fssai', { fssai: order.seller.fssai })}
          </>
        )}
      </p>
      <p className="muted">
        {t('orders.invoice.number', { number: order.invoiceNo ?? order.id.slice(-8).toUpperCase() })} ·{' '}
        {dateTimeFormat(language).format(new Date(order.createdAt))}
      </p>
      <table className="invoice__lines" data-testid="invoice-lines">
        <thead>
          <tr>
            <th scope="col">{t('orders.invoice.item')}</th>
            {taxed && <th scope="col">{t('orders.invoice.gst')}</th>}
            <th scope="col">{t('orders.invoice.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line and its substitute may share a name
            <tr key={i}>
              <td>
                {nameIn(l.name, language)}
                <br />
                <span className="muted">
                  {formatRupees(l.unitPricePaise)} × {l.quantity}
                </span>
              </td>
              {taxed && (
                <td>
                  {l.taxPercent === null ? '—' : `${l.taxPercent}%`}
                  {l.taxPaise !== null && (
                    <>
                      <br />
                      <span className="muted">{formatRupees(l.taxPaise)}</span>
                    </>
                  )}
                </td>
              )}
              <td>{formatRupees(l.amountPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={taxed ? 2 : 1}>
              {t('orders.invoice.goods')}
            </th>
            <td data-testid="invoice-goods">{formatRupees(invoice.goodsPaise)}</td>
          </tr>
          {taxed && (
            <>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('orders.invoice.cgst')}
                </th>
                <td data-testid="invoice-cgst">{formatRupees(invoice.cgstPaise)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('orders.invoice.sgst')}
                </th>
                <td>{formatRupees(invoice.sgstPaise)}</td>
              </tr>
            </>
          )}
        </tfoot>
      </table>
      {invoice.feesPaise > 0 && (
        <p className="muted" data-testid="invoice-fees">
          {t('orders.invoice.fees', {
            amount: formatRupees(invoice.feesPaise),
            gst: formatRupees(invoice.feesTaxPaise),
          })}
        </p>
      )}
    </section>
  );
}
