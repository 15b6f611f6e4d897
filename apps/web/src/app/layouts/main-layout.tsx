import { ROUTES } from '@petti/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BellIcon } from '../../lib/ui/icons.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { Logo } from '../components/logo.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { PrimaryNav } from '../components/primary-nav.tsx';
import { SkipLink } from '../components/skip-link.tsx';

/** Main layout: app bar (logo, notifications, language) + bottom nav on phones / side nav from 1024 px. */
export default function MainLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout--with-nav">
      <SkipLink />
      <div className="layout__top">
        <header className="app-bar">
          <Logo to={ROUTES.dashboard} />
          <div className="app-bar__actions">
            <Link to={ROUTES.notifications} className="icon-button" aria-label={t('nav.notifications')}>
              <BellIcon />
            </Link>
            <LanguageSwitch />
          </div>
        </header>
        <OfflineBanner />
      </div>
      <div className="layout__body">
        <PrimaryNav />
        <main id="main" className="layout__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
