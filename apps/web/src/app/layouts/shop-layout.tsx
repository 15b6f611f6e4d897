import { ROUTES } from '@petti/shared/routes';
import type { ComponentType } from 'react';
import { generatePath, Link, matchPath, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { LiveIndicator } from '../../lib/realtime/live-indicator.tsx';
import { BackIcon, BellIcon, CheckIcon, HomeIcon, UserIcon } from '../../lib/ui/icons.tsx';
import { Later } from '../../lib/ui/later.tsx';
import { useMyShops } from '../../lib/work/my-shops.ts';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LayoutTop } from '../components/layout-top.tsx';
import { Logo } from '../components/logo.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { useCurrentPage } from '../route-handle.ts';

interface ShopNavItem {
  to: string;
  label: 'shops.nav.board' | 'shops.nav.exit' | 'shops.nav.people' | 'shops.nav.shopping';
  Icon: ComponentType<{ size?: number }>;
  current: boolean;
}

/**
 * The shop's own layout (docs/shops.md#the-shops-app): the shop's name on top, and a bottom bar of
 * its board, exit passes, people and the way back to shopping. Pages under it are for the shop's
 * members; the server refuses anyone else.
 */
export default function ShopLayout() {
  const { t, i18n } = useTranslation();
  const page = useCurrentPage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The exit-pass screen (/GrabStaff) names its shop in the query, the rest in the path.
  const params = useParams();
  const shopId = params.shopId ?? new URLSearchParams(search).get('shop') ?? undefined;
  const mine = useMyShops();
  const membership = mine.data?.shops.find((s) => s.shop.id === shopId);
  const shopName =
    membership &&
    ((i18n.resolvedLanguage === 'ta' && membership.shop.brandNameTa) || membership.shop.brandName);

  const items: ShopNavItem[] = shopId
    ? [
        {
          to: generatePath(ROUTES.shopBoard, { shopId }),
          label: 'shops.nav.board',
          Icon: BellIcon,
          current: Boolean(matchPath(ROUTES.shopBoard, pathname)),
        },
        {
          to: `${ROUTES.grabStaff}?shop=${encodeURIComponent(shopId)}`,
          label: 'shops.nav.exit',
          Icon: CheckIcon,
          current: pathname === ROUTES.grabStaff && search.includes(shopId),
        },
        {
          to: generatePath(ROUTES.shopPeople, { shopId }),
          label: 'shops.nav.people',
          Icon: UserIcon,
          current: Boolean(matchPath(ROUTES.shopPeople, pathname)),
        },
        { to: ROUTES.dashboard, label: 'shops.nav.shopping', Icon: HomeIcon, current: false },
      ]
    : [];

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(pathname === ROUTES.shops ? ROUTES.dashboard : ROUTES.shops);
  };

  return (
    <div className={`layout layout--shop${items.length ? ' layout--with-nav' : ''}`}>
      <SkipLink />
      <LayoutTop>
        <header className="app-bar market-bar">
          <div className="market-bar__logo">
            <Logo to={ROUTES.dashboard} />
          </div>
          <button type="button" className="icon-button" aria-label={t('nav.back')} onClick={goBack}>
            <BackIcon />
          </button>
          {/* The page's own <h1> carries the title for assistive technology. */}
          <span className="market-bar__title shop-bar__title" aria-hidden="true">
            {shopName ?? (page ? t(`pages.${page}.title`) : '')}
          </span>
          <LiveIndicator />
          <div className="market-bar__lang">
            <LanguageSwitch />
          </div>
        </header>
        <OfflineBanner />
      </LayoutTop>
      <div className="layout__body">
        {items.length > 0 && (
          <nav className="primary-nav" aria-label={t('shops.nav.label')}>
            <ul className="primary-nav__list">
              {items.map(({ to, label, Icon, current }) => (
                <li key={label}>
                  <Link to={to} className="primary-nav__link" aria-current={current ? 'page' : undefined}>
                    <Icon size={24} />
                    <span className="primary-nav__label">{t(label)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" className="layout__main" tabIndex={-1}>
          <Later>
            <Outlet />
          </Later>
        </main>
      </div>
    </div>
  );
}
