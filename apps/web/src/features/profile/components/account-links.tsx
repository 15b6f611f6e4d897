import { ROUTES } from '@petti/shared/routes';
import { Link } from 'react-router';
import type { PageId } from '../../../lib/i18n/en.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useMyShops } from '../../../lib/work/my-shops.ts';

const ACCOUNT_LINKS: { to: string; page: PageId }[] = [
  { to: ROUTES.myOrders, page: 'myOrders' },
  { to: ROUTES.curbside, page: 'curbside' },
  { to: ROUTES.grabAndGo, page: 'grabAndGo' },
  { to: ROUTES.myAddress, page: 'myAddress' },
  { to: ROUTES.subscription, page: 'subscription' },
  { to: ROUTES.notifications, page: 'notifications' },
  { to: ROUTES.helpCenter, page: 'helpCenter' },
  { to: ROUTES.chatBot, page: 'chatBot' },
  { to: ROUTES.settings, page: 'settings' },
];

/**
 * The account pages, so every part of the app can be reached from the profile; first, for people who
 * work in a shop or run Petti, their shop and the operators' screen.
 */
export function AccountLinks() {
  const { t } = useTranslation();
  const work = useMyShops();
  const links: { to: string; page: PageId }[] = [
    ...(work.data?.shops.length ? [{ to: ROUTES.shops, page: 'shops' as const }] : []),
    ...(work.data?.operator
      ? [
          { to: ROUTES.operatorLockers, page: 'operatorLockers' as const },
          { to: ROUTES.operatorMoney, page: 'operatorMoney' as const },
          { to: ROUTES.operator, page: 'operator' as const },
        ]
      : []),
    ...ACCOUNT_LINKS,
  ];
  return (
    <nav aria-label={t('nav.account')}>
      <ul className="link-list">
        {links.map(({ to, page }) => (
          <li key={to}>
            <Link to={to} className="link-list__item">
              <span className="link-list__title">{t(`pages.${page}.title`)}</span>
              <span className="link-list__hint">{t(`pages.${page}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
