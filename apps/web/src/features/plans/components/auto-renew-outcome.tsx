import { useTranslation } from '../../../lib/i18n/react.tsx';
import { FormAlert } from '../../../lib/ui/form.tsx';
import { Spinner } from '../../../lib/ui/loading-overlay.tsx';
import type { AutoRenewReturn } from '../hooks/use-auto-renew-return.ts';

/** How the mandate's authorisation went, at the top of /subscribed. */
export function AutoRenewOutcome({ outcome }: { outcome: AutoRenewReturn }) {
  const { t } = useTranslation();
  const common = { 'data-testid': 'auto-renew-outcome', 'data-state': outcome.state } as const;
  switch (outcome.state) {
    case 'none':
      return null;
    case 'confirming':
      return (
        <p className="status-line" role="status" {...common}>
          <Spinner size={20} />
          {t('plans.autoRenew.outcome.confirming')}
        </p>
      );
    case 'on':
      return (
        <div className="form-alert form-alert--success" role="status" {...common}>
          <div className="form-alert__body">{t('plans.autoRenew.outcome.on')}</div>
        </div>
      );
    case 'cancelled':
      return (
        <div {...common}>
          <FormAlert variant="info">{t('plans.autoRenew.outcome.cancelled')}</FormAlert>
        </div>
      );
    case 'failed':
      return (
        <div {...common}>
          <FormAlert>{t('plans.autoRenew.outcome.failed')}</FormAlert>
        </div>
      );
    case 'error':
      return (
        <div {...common}>
          <FormAlert>
            <p>{t('plans.autoRenew.outcome.error')}</p>
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
