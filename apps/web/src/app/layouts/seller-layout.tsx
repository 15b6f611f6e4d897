import { ROUTES } from '@petti/shared/routes';
import { Link, Outlet } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LayoutTop } from '../components/layout-top.tsx';
import { LegalLinks } from '../components/legal-links.tsx';
import { Logo } from '../components/logo.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { SkipLink } from '../components/skip-link.tsx';

/** Seller layout: a simple public header with the way in for sellers. */
export default function SellerLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout--site">
      <SkipLink />
      <LayoutTop>
        <header className="app-bar site-header">
          <div className="site-header__logo">
            <Logo to={ROUTES.sellerLandingPage} />
          </div>
          <Link to={ROUTES.becomeSeller} className="button button--primary button--small site-header__cta">
            {t('nav.becomeSeller')}
          </Link>
          <div className="site-header__lang">
            <LanguageSwitch />
          </div>
        </header>
        <OfflineBanner />
      </LayoutTop>
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <LegalLinks />
      </footer>
    </div>
  );
}
