import { LOCKER_SIZES } from '@petti/shared/constants';
import { formatRupees } from '@petti/shared/rules/money';
import type { LockerSite } from '@petti/shared/schemas/lockers';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { usePlans } from '../api/plans-api.ts';
import { PlanCard } from '../components/plan-card.tsx';
import '../plans.css';

/** /pricing (public) — what a locker costs by size, and the plans. */
export default function PricingPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const plans = usePlans();
  const sites = useQuery({
    queryKey: ['lockerSites'],
    queryFn: ({ signal }) => api.get<{ sites: LockerSite[] }>('/locker-locations', { auth: false, signal }),
  });
  // Public sites share one price table (prices are per site type and size).
  const publicSite = sites.data?.sites.find((s) => s.type === 'public_lockers');

  return (
    <PageIntro page="pricing">
      <section className="panel stack" aria-labelledby="locker-prices">
        <h2 id="locker-prices" className="panel__title">
          {t('plans.lockerPrices')}
        </h2>
        {sites.isPending ? (
          <Spinner size={20} />
        ) : sites.isError || !publicSite ? (
          <LoadFailedAlert
            reason={errorText(sites.error)}
            error={sites.error}
            onRetry={() => void sites.refetch()}
          />
        ) : (
          <table className="price-table" data-testid="locker-prices">
            <thead>
              <tr>
                <th scope="col">{t('plans.size')}</th>
                <th scope="col">{t('plans.firstHour')}</th>
                <th scope="col">{t('plans.extraHour')}</th>
                <th scope="col">{t('plans.dayCap')}</th>
              </tr>
            </thead>
            <tbody>
              {LOCKER_SIZES.map((size) => {
                const row = publicSite.sizes.find((s) => s.size === size);
                return row ? (
                  <tr key={size}>
                    <th scope="row">{size}</th>
                    <td>{formatRupees(row.price.firstHourPaise)}</td>
                    <td>{formatRupees(row.price.extraHourPaise)}</td>
                    <td>{formatRupees(row.price.dayCapPaise)}</td>
                  </tr>
                ) : null;
              })}
            </tbody>
          </table>
        )}
        <p className="form-note">{t('plans.gstNote')}</p>
      </section>
      {plans.isPending ? (
        <Spinner size={20} />
      ) : plans.isError ? (
        <LoadFailedAlert
          reason={errorText(plans.error)}
          error={plans.error}
          onRetry={() => void plans.refetch()}
        />
      ) : (
        <ul className="plan-list">
          {plans.data.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan}>
              <Link className="button button--secondary button--block" to="/subscription">
                {t('plans.signInToBuy')}
              </Link>
            </PlanCard>
          ))}
        </ul>
      )}
    </PageIntro>
  );
}
