import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { FormAlert } from '../ui/form.tsx';
import { Spinner } from '../ui/loading-overlay.tsx';
import type { PaymentReturn } from './payment-return.ts';

/** How long "Payment received" stays: long enough to read, gone before the page is used for the next thing. */
export const PAID_BANNER_MS = 6000;

/**
 * What happened at the checkout, at the top of the page it returned to. The thank-you goes by itself
 * after a few seconds, and at once when the page says what was paid for is over (`closed`: a cancelled
 * order), so it never sits above the next booking form or a cancelled order.
 */
export function PaymentOutcomeBanner({
  outcome,
  closed = false,
  words = 'payments.outcome',
  testId = 'payment-outcome',
}: {
  outcome: Pick<PaymentReturn, 'state' | 'error' | 'retry'>;
  closed?: boolean;
  /** Where its sentences are (`confirming`, `paid`, `failed`, `cancelled`, `error` under it): a mandate says its own. */
  words?: 'payments.outcome' | 'plans.autoRenew.outcome';
  testId?: string;
}) {
  const { t } = useTranslation();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (outcome.state !== 'paid') return;
    setExpired(false);
    const timer = setTimeout(() => setExpired(true), PAID_BANNER_MS);
    return () => clearTimeout(timer);
  }, [outcome.state]);
  if (outcome.state === 'paid' && (expired || closed)) return null;
  const common = { 'data-testid': testId, 'data-state': outcome.state } as const;
  switch (outcome.state) {
    case 'none':
      return null;
    case 'confirming':
      return (
        <p className="status-line" role="status" {...common}>
          <Spinner size={20} />
          {t(`${words}.confirming`)}
        </p>
      );
    case 'paid':
      return (
        <div className="form-alert form-alert--success" role="status" {...common}>
          <div className="form-alert__body">{t(`${words}.paid`)}</div>
        </div>
      );
    case 'cancelled':
      return (
        <div {...common}>
          <FormAlert variant="info">{t(`${words}.cancelled`)}</FormAlert>
        </div>
      );
    case 'failed':
      return (
        <div {...common}>
          <FormAlert>{t(`${words}.failed`)}</FormAlert>
        </div>
      );
    case 'error':
      return (
        <div {...common}>
          <FormAlert>
            <p>{t(`${words}.error`)}</p>
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
