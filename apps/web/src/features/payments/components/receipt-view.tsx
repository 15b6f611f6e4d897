import { formatRupees } from '@petti/shared/rules/money';
import { displayPhone } from '@petti/shared/rules/phone';
import type { PaymentDetail } from '@petti/shared/schemas/payments';
import { useEffect, useRef } from 'react';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { PrintButton } from '../../../lib/ui/print-button.tsx';
import { usePayment } from '../api/payments-api.ts';
import { PaymentStatusChip } from './payment-status.tsx';

/**
 * A payment's receipt: who issued it, what for, the GST inside (CGST + SGST), refunds; printed or
 * saved as a PDF on its own.
 */
export function ReceiptView({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const payment = usePayment(id);

  // The receipt opens at the top of the list while the row tapped may be far below: bring it into
  // view, or the tap seems to do nothing.
  const box = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again for each receipt opened
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [id]);
  return (
    <section
      ref={box}
      className="panel receipt print-alone"
      data-testid="receipt"
      aria-labelledby="receipt-title"
    >
      <header className="receipt__head">
        <h2 id="receipt-title" className="panel__title">
          {t('payments.receipt.title')}
        </h2>
        <span className="receipt__actions print-alone__hide">
          {payment.isSuccess && <PrintButton label={t('payments.receipt.print')} testId="receipt-print" />}
          <button type="button" className="button button--ghost button--small" onClick={onClose}>
            {t('payments.receipt.close')}
          </button>
        </span>
      </header>
      {payment.isPending ? (
        <Spinner size={20} />
      ) : payment.isError ? (
        <LoadFailedAlert
          reason={errorText(payment.error)}
          error={payment.error}
          onRetry={() => void payment.refetch()}
        />
      ) : (
        <ReceiptBody p={payment.data} />
      )}
    </section>
  );
}

function ReceiptBody({ p }: { p: PaymentDetail }) {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const r = p.receipt;
  return (
    <>
      <p className="receipt__issuer">
        <strong>{r.issuer.name}</strong>
        <br />
        {r.issuer.address}
        {r.issuer.gstin && (
          <>
            <br />
            <span data-testid="receipt-gstin">{t('payments.receipt.gstin', { gstin: r.issuer.gstin })}</span>
          </>
        )}
      </p>
      <dl className="receipt__facts">
        {(r.billedTo.name || r.billedTo.phone) && (
          <>
            <dt>{t('payments.receipt.billedTo')}</dt>
            <dd data-testid="receipt-billed-to">
              {[r.billedTo.name, r.billedTo.phone && displayPhone(r.billedTo.phone)]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </>
        )}
        <dt>{t('payments.receipt.number')}</dt>
        <dd data-testid="receipt-number">{r.number}</dd>
        <dt>{t('payments.receipt.date')}</dt>
        <dd data-testid="receipt-date">{fmt.dateTimeWithYear(r.issuedAt)}</dd>
        <dt>{t('payments.receipt.for')}</dt>
        <dd>{r.description[lang]}</dd>
        <dt>{t('payments.receipt.status')}</dt>
        <dd>
          <PaymentStatusChip status={p.status} />
        </dd>
        {p.method && (
          <>
            <dt>{t('payments.receipt.method')}</dt>
            <dd>{t(`payments.methods.${p.method}`, { defaultValue: p.method.toUpperCase() })}</dd>
          </>
        )}
        {p.providerPaymentId && (
          <>
            <dt>{t('payments.receipt.reference')}</dt>
            <dd className="receipt__mono">{p.providerPaymentId}</dd>
          </>
        )}
      </dl>
      <table className="receipt__lines" data-testid="receipt-gst">
        <tbody>
          <tr>
            <th scope="row">{t('payments.receipt.taxable')}</th>
            <td>{formatRupees(r.gst.taxable)}</td>
          </tr>
          <tr>
            <th scope="row">
              {r.gst.percent !== null
                ? t('payments.receipt.cgstAt', { percent: r.gst.percent / 2 })
                : t('payments.receipt.cgst')}
            </th>
            <td>{formatRupees(r.gst.cgst)}</td>
          </tr>
          <tr>
            <th scope="row">
              {r.gst.percent !== null
                ? t('payments.receipt.sgstAt', { percent: r.gst.percent / 2 })
                : t('payments.receipt.sgst')}
            </th>
            <td>{formatRupees(r.gst.sgst)}</td>
          </tr>
          <tr className="receipt__total">
            <th scope="row">{t('payments.receipt.total')}</th>
            <td>{formatRupees(r.total)}</td>
          </tr>
          {r.refunded > 0 && (
            <tr>
              <th scope="row">{t('payments.receipt.refunded')}</th>
              <td>−{formatRupees(r.refunded)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {p.failureReason && <p className="form-note">{p.failureReason}</p>}
    </>
  );
}
