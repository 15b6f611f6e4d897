import { ROUTES } from '@petti/shared/routes';
import { generatePath, Link, Navigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useMyShops } from '../../../lib/work/my-shops.ts';
import '../shops.css';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';

/**
 * /shop — the shops someone works in (docs/shops.md#roles). One shop opens its board at once; several
 * are listed to pick from; none says how to get one.
 */
export default function ShopsPage() {
  const { t, i18n } = useTranslation();
  const mine = useMyShops();
  if (mine.data?.shops.length === 1) {
    return <Navigate replace to={generatePath(ROUTES.shopBoard, { shopId: mine.data.shops[0]!.shop.id })} />;
  }
  return (
    <PageIntro page="shops">
      {mine.isPending ? (
        <LoadingLine />
      ) : mine.isError ? (
        <LoadFailedAlert reason={t('shops.loadFailed')} onRetry={() => void mine.refetch()} />
      ) : mine.data.shops.length === 0 ? (
        <div className="panel">
          <p>{t('shops.picker.none')}</p>
          <Link to={ROUTES.sellerLandingPage} className="button button--secondary">
            {t('shops.picker.apply')}
          </Link>
        </div>
      ) : (
        <ul className="link-list" data-testid="my-shops">
          {mine.data.shops.map(({ shop, role }) => (
            <li key={shop.id}>
              <Link to={generatePath(ROUTES.shopBoard, { shopId: shop.id })} className="link-list__item">
                <span className="link-list__title">{shopNameIn(shop, i18n.resolvedLanguage)}</span>
                <span className="link-list__hint">
                  {t(role === 'owner' ? 'shops.picker.owner' : 'shops.picker.staff')} ·{' '}
                  {!shop.active
                    ? t('shops.picker.off')
                    : shop.isOpen
                      ? t('shops.picker.open')
                      : t('shops.picker.closed', { time: shop.opensAt })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageIntro>
  );
}
