import { NEW_SHOP } from '@petti/shared/constants';
import { ROUTES } from '@petti/shared/routes';
import { townDate } from '@petti/shared/rules/shop-hours';
import { generatePath, Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useShopPayouts, useShopProducts, useShopSettings } from '../shops-api.ts';

type Step = 'products' | 'hours' | 'bank';

/**
 * A new shop's first steps, on its owner's board until each is done (docs/shops.md#the-order-board):
 * products on the shelf (a shop with none is not listed for shoppers), its own hours (a new shop
 * starts on Petti's 09:00–21:00), and the bank account it is paid into. Nothing is shown while the
 * answers are on their way, nor once every step is done.
 */
export function FirstSteps({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const settings = useShopSettings(shopId);
  const shelf = useShopProducts(shopId, { stock: 'all', sort: 'name' });
  const today = townDate(new Date());
  const payouts = useShopPayouts(shopId, { from: today, to: today });
  if (!settings.data || !shelf.data || !payouts.data) return null;
  const s = settings.data;
  const done: Record<Step, boolean> = {
    products: (shelf.data.pages[0]?.products.length ?? 0) > 0,
    hours:
      s.week !== null ||
      s.closedDates.length > 0 ||
      s.hours.open !== NEW_SHOP.opensAt ||
      s.hours.close !== NEW_SHOP.closesAt,
    bank: payouts.data.account !== null,
  };
  const steps: Array<{ step: Step; to: string }> = [
    { step: 'products', to: generatePath(ROUTES.shopStock, { shopId }) },
    { step: 'hours', to: generatePath(ROUTES.shopSettings, { shopId }) },
    { step: 'bank', to: generatePath(ROUTES.shopMoney, { shopId }) },
  ];
  if (steps.every(({ step }) => done[step])) return null;
  return (
    <section
      className="panel stack first-steps"
      aria-labelledby="first-steps-title"
      data-testid="first-steps"
    >
      <h2 id="first-steps-title" className="panel__title">
        {t('shops.firstSteps.title')}
      </h2>
      <ol className="first-steps__list">
        {steps.map(({ step, to }) => (
          <li key={step} data-testid={`first-step-${step}`} data-done={done[step]}>
            {done[step] ? (
              <span className="first-steps__done">{t(`shops.firstSteps.done.${step}`)}</span>
            ) : (
              <Link to={to}>
                {t(`shops.firstSteps.todo.${step}`, { open: s.hours.open, close: s.hours.close })}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
