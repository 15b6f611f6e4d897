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

/** One link of a section bar: already translated, and whether the page shown is in it. */
export interface NavLink {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  current: boolean;
}

/** A bar of section links: a bottom bar on phones, a side bar from 1024 px (the shop's layout has its own). */
export function NavBar({ label, links }: { label: string; links: NavLink[] }) {
  return (
    <nav className="primary-nav" aria-label={label}>
      <ul className="primary-nav__list">
        {links.map(({ to, label: text, Icon, current }) => (
          <li key={to}>
            <Link to={to} className="primary-nav__link" aria-current={current ? 'page' : undefined}>
              <Icon size={24} />
              <span className="primary-nav__label">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The app's four sections. */
export function PrimaryNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <NavBar
      label={t('nav.main')}
      links={ITEMS.map(({ to, label, Icon, section }) => ({
        to,
        label: t(label),
        Icon,
        current: section.some((pattern) => matchPath(pattern, pathname)),
      }))}
    />
  );
}
