import { formatRupees } from '@petti/shared/rules/money';
import type { Plan } from '@petti/shared/schemas/payments';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { CheckIcon } from '../../../lib/ui/icons.tsx';
import { benefitsOf } from '../plan-view.ts';

/** A plan: name, price for its period (GST included), what it gives; the action is the caller's. */
export function PlanCard({ plan, badge, children }: { plan: Plan; badge?: string; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  return (
    <li className="panel plan-card" data-testid={`plan-${plan.id}`}>
      <header className="plan-card__head">
        <h2 className="plan-card__name">{plan.name[lang]}</h2>
        {badge && <span className="badge badge--success">{badge}</span>}
      </header>
      <p className="plan-card__price">
        <span className="plan-card__amount">{formatRupees(plan.pricePaise)}</span>{' '}
        <span className="plan-card__period">{t('plans.perDays', { count: plan.periodDays })}</span>
      </p>
      <p className="plan-card__gst">
        {t('plans.gstIncluded', { amount: formatRupees(plan.taxPaise), percent: plan.gstPercent })}
      </p>
      <p className="plan-card__desc">{plan.description[lang]}</p>
      <ul className="plan-card__benefits">
        {benefitsOf(plan).map((b) => (
          <li key={b.key}>
            <CheckIcon size={18} aria-hidden="true" />
            {b.key === 'lockerHours'
              ? t('plans.benefit.lockerHours', { count: b.count, sizes: b.sizes })
              : b.key === 'freeDelivery'
                ? t('plans.benefit.freeDelivery', { amount: formatRupees(b.paise) })
                : t(`plans.benefit.${b.key}`)}
          </li>
        ))}
      </ul>
      {children}
    </li>
  );
}
