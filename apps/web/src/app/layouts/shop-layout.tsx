import { ROUTES } from '@petti/shared/routes';
import { generatePath, matchPath, Outlet, useLocation, useParams } from 'react-router';
import { useSection, useTranslation } from '../../lib/i18n/react.tsx';
import { shopNameIn } from '../../lib/shop/shop-name.ts';
import { BellIcon, CheckIcon, HomeIcon, ShopIcon, UserIcon } from '../../lib/ui/icons.tsx';
import { Later } from '../../lib/ui/later.tsx';
import { LoadingLine } from '../../lib/ui/loading-overlay.tsx';
import { useMyShops } from '../../lib/work/my-shops.ts';
import { LayoutTop } from '../components/layout-top.tsx';
import { MarketBar } from '../components/market-bar.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { NavBar, type NavLink } from '../components/primary-nav.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { useCurrentPage } from '../route-handle.ts';

/**
 * The shop's own layout (docs/shops.md#the-shops-app): the shop's name on top, and a bottom bar of
 * its board, its stock, exit passes (a grab-and-go shop's), people and the way back to shopping. Pages under it are for the shop's
 * members; the server refuses anyone else.
 */
export default function ShopLayout() {
  const { t, i18n } = useTranslation();
  // The shop side's strings are their own chunk (app/i18n/resources.ts): first screens do not carry them.
  const strings = useSection('shops');
  const page = useCurrentPage();
  const { pathname, search } = useLocation();
  // The exit-pass screen (/GrabStaff) names its shop in the query, the rest in the path.
  const params = useParams();
  const shopId = params.shopId ?? new URLSearchParams(search).get('shop') ?? undefined;
  const mine = useMyShops();
  const membership = mine.data?.shops.find((s) => s.shop.id === shopId);
  const shopName = membership && shopNameIn(membership.shop, i18n.resolvedLanguage);

  const links: NavLink[] =
    strings && shopId
      ? [
          {
            to: generatePath(ROUTES.shopBoard, { shopId }),
            label: t('shops.nav.board'),
            Icon: BellIcon,
            current: Boolean(matchPath(ROUTES.shopBoard, pathname)),
          },
          {
            to: generatePath(ROUTES.shopStock, { shopId }),
            label: t('shops.nav.stock'),
            Icon: ShopIcon,
            current: Boolean(matchPath(ROUTES.shopStock, pathname)),
          },
          // Exit passes only for a shop that runs grab-and-go.
          ...(membership?.shop.modes.includes('grab')
            ? [
                {
                  to: `${ROUTES.grabStaff}?shop=${encodeURIComponent(shopId)}`,
                  label: t('shops.nav.exit'),
                  Icon: CheckIcon,
                  current: pathname === ROUTES.grabStaff,
                },
              ]
            : []),
          {
            to: generatePath(ROUTES.shopPeople, { shopId }),
            label: t('shops.nav.people'),
            Icon: UserIcon,
            current: Boolean(matchPath(ROUTES.shopPeople, pathname)),
          },
          { to: ROUTES.dashboard, label: t('shops.nav.shopping'), Icon: HomeIcon, current: false },
        ]
      : [];

  return (
    <div className={`layout layout--shop${links.length ? ' layout--with-nav' : ''}`}>
      <SkipLink />
      <LayoutTop>
        <MarketBar
          section={ROUTES.shops}
          title={shopName ?? (page ? t(`pages.${page}.title`) : '')}
          titleClassName="shop-bar__title"
          languageOnPhones
        />
        <OfflineBanner />
      </LayoutTop>
      <div className="layout__body">
        {links.length > 0 && <NavBar label={t('shops.nav.label')} links={links} />}
        <main id="main" className="layout__main" tabIndex={-1}>
          {strings ? (
            <Later>
              <Outlet />
            </Later>
          ) : (
            <LoadingLine />
          )}
        </main>
      </div>
    </div>
  );
}
