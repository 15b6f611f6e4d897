import { formatRupees } from '@petti/shared/rules/money';
import {
  PAYMENT_FILTER_NAMES,
  type PaymentFilterName,
  type PaymentItem,
} from '@petti/shared/schemas/payments';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ChipFilter } from '../../../lib/ui/chip-filter.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { usePaymentHistory } from '../api/payments-api.ts';
import { PaymentStatusChip } from '../components/payment-status.tsx';
import { ReceiptView } from '../components/receipt-view.tsx';
import '../payments.css';

/** /bookings — every payment (bookings, extensions, overstay, plans, orders), newest first, with receipts. */
export default function PaymentHistoryPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<PaymentFilterName>('all');
  const history = usePaymentHistory(filter);
  const receipt = params.get('receipt');
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  const showReceipt = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('receipt', id);
        else next.delete('receipt');
        return next;
      },
      { replace: id === null },
    );

  return (
    <PageIntro page="bookings">
      {receipt && <ReceiptView id={receipt} onClose={() => showReceipt(null)} />}
      <ChipFilter
        legend={t('payments.filterLabel')}
        options={PAYMENT_FILTER_NAMES}
        value={filter}
        onChange={setFilter}
        label={(name) => t(`payments.filters.${name}`)}
        testId={(name) => `filter-${name}`}
      />
      {history.isPending ? (
        <LoadingLine />
      ) : history.isError ? (
        <LoadFailedAlert
          reason={errorText(history.error)}
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="empty-note" data-testid="payments-empty">
          {filter === 'all' ? t('payments.empty') : t('payments.emptyFiltered')}
        </p>
      ) : (
        <>
          <ul className="payment-list" data-testid="payment-list">
            {items.map((p) => (
              <PaymentRow key={p.id} p={p} onOpen={() => showReceipt(p.id)} />
            ))}
          </ul>
          {history.hasNextPage && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
            >
              {history.isFetchingNextPage ? t('loading.label') : t('payments.more')}
            </button>
          )}
        </>
      )}
    </PageIntro>
  );
}

function PaymentRow({ p, onOpen }: { p: PaymentItem; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  return (
    <li data-testid="payment-row" data-purpose={p.purpose} data-status={p.status}>
      <button type="button" className="payment-row" onClick={onOpen}>
        <span className="payment-row__what">
          <span className="payment-row__title">{p.description[lang]}</span>
          <span className="payment-row__meta">
            {fmt.dateTime(p.capturedAt ?? p.createdAt)}
            {p.method
              ? ` · ${t(`payments.methods.${p.method}`, { defaultValue: p.method.toUpperCase() })}`
              : ''}
          </span>
        </span>
        <span className="payment-row__right">
          <span className="payment-row__amount">{formatRupees(p.amount)}</span>
          <PaymentStatusChip status={p.status} />
        </span>
      </button>
    </li>
  );
}
