import { ROUTES } from '@petti/shared/routes';
import { Outlet } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LegalLinks } from '../components/legal-links.tsx';
import { Logo } from '../components/logo.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';

/** Auth layout: a centred card with the logo; the legal pages are linked in the footer. */
export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout--auth">
      <OfflineBanner />
      <main id="main" className="auth-shell">
        <div className="card auth-card">
          <div className="auth-card__top">
            <div>
              <Logo to={ROUTES.dashboard} size={40} />
              <p className="auth-card__tagline">{t('app.tagline')}</p>
            </div>
            <LanguageSwitch />
          </div>
          <Outlet />
        </div>
        <footer className="auth-footer">
          <LegalLinks />
        </footer>
      </main>
    </div>
  );
}
