import { useTranslation } from 'react-i18next';
import { FormAlert } from '../ui/form.tsx';
import { Spinner } from '../ui/loading-overlay.tsx';
import type { PaymentReturn } from './payment-return.ts';

/** What happened at the checkout, at the top of the page it returned to. */
export function PaymentOutcomeBanner({ outcome }: { outcome: PaymentReturn }) {
  const { t } = useTranslation();
  const common = { 'data-testid': 'payment-outcome', 'data-state': outcome.state } as const;
  switch (outcome.state) {
    case 'none':
      return null;
    case 'confirming':
      return (
        <p className="status-line" role="status" {...common}>
          <Spinner size={20} />
          {t('payments.outcome.confirming')}
        </p>
      );
    case 'paid':
      return (
        <div className="form-alert form-alert--success" role="status" {...common}>
          <div className="form-alert__body">{t('payments.outcome.paid')}</div>
        </div>
      );
    case 'cancelled':
      return (
        <div {...common}>
          <FormAlert variant="info">{t('payments.outcome.cancelled')}</FormAlert>
        </div>
      );
    case 'failed':
      return (
        <div {...common}>
          <FormAlert>{t('payments.outcome.failed')}</FormAlert>
        </div>
      );
    case 'error':
      return (
        <div {...common}>
          <FormAlert>
            <p>{t('payments.outcome.error')}</p>
            {outcome.error && <p>{outcome.error}</p>}
            {outcome.retry && (
              <p>
                <button type="button" className="button button--ghost button--small" onClick={outcome.retry}>
                  {t('errors.retry')}
                </button>
              </p>
            )}
          </FormAlert>
        </div>
      );
  }
}
