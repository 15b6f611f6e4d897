import { ROUTES } from '@petti/shared/routes';
import type { ComponentType } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { HomeIcon, LockerIcon, ShopIcon, UserIcon } from '../../lib/ui/icons.tsx';

interface NavItem {
  to: string;
  label: 'nav.home' | 'nav.shop' | 'nav.bookings' | 'nav.profile';
  Icon: ComponentType<{ size?: number }>;
  /** Routes that count as being in this section. */
  section: string[];
}

const ITEMS: NavItem[] = [
  { to: ROUTES.dashboard, label: 'nav.home', Icon: HomeIcon, section: [ROUTES.dashboard, ROUTES.booking] },
  {
    to: ROUTES.myComplex,
    label: 'nav.shop',
    Icon: ShopIcon,
    section: [
      ROUTES.myComplex,
      ROUTES.categoryProducts,
      ROUTES.productDetails,
      ROUTES.sellProduct,
      ROUTES.search,
      ROUTES.procced,
      ROUTES.myCart,
      ROUTES.grabAndGo,
      ROUTES.grabProductDetails,
      ROUTES.grabPass,
      ROUTES.curbside,
    ],
  },
  { to: ROUTES.bookings, label: 'nav.bookings', Icon: LockerIcon, section: [ROUTES.bookings] },
  {
    to: ROUTES.myProfile,
    label: 'nav.profile',
    Icon: UserIcon,
    section: [
      ROUTES.myProfile,
      ROUTES.profile,
      ROUTES.myOrders,
      ROUTES.myOrder,
      ROUTES.myAddress,
      ROUTES.settings,
      ROUTES.helpCenter,
      ROUTES.chatBot,
      ROUTES.subscription,
      ROUTES.subscribed,
    ],
  },
];

/** The app's four sections: a bottom bar on phones, a side bar from 1024 px. */
export function PrimaryNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="primary-nav" aria-label={t('nav.main')}>
      <ul className="primary-nav__list">
        {ITEMS.map(({ to, label, Icon, section }) => {
          const current = section.some((pattern) => matchPath(pattern, pathname));
          return (
            <li key={to}>
              <Link to={to} className="primary-nav__link" aria-current={current ? 'page' : undefined}>
                <Icon size={24} />
                <span className="primary-nav__label">{t(label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
