import { ROUTES } from '@petti/shared/routes';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { LiveIndicator } from '../../lib/realtime/live-indicator.tsx';
import { BackIcon } from '../../lib/ui/icons.tsx';
import { Later } from '../../lib/ui/later.tsx';
import { CartLink } from '../components/cart-link.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LayoutTop } from '../components/layout-top.tsx';
import { Logo } from '../components/logo.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { PrimaryNav } from '../components/primary-nav.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { useCurrentPage } from '../route-handle.ts';

/** Complex (marketplace) layout: back, page title, cart link + the same primary nav as Main. */
export default function ComplexLayout() {
  const { t } = useTranslation();
  const page = useCurrentPage();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const goBack = () => {
    // React Router keeps its own history index; 0 means this page was opened directly.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(pathname === ROUTES.myComplex ? ROUTES.dashboard : ROUTES.myComplex);
  };

  return (
    <div className="layout layout--with-nav layout--complex">
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
          <span className="market-bar__title" aria-hidden="true">
            {page ? t(`pages.${page}.title`) : ''}
          </span>
          <LiveIndicator />
          <CartLink />
          <div className="market-bar__lang">
            <LanguageSwitch />
          </div>
        </header>
        <OfflineBanner />
      </LayoutTop>
      <div className="layout__body">
        <PrimaryNav />
        <main id="main" className="layout__main" tabIndex={-1}>
          {/* The page a task after the bars: each half is a shorter task (lib/ui/later.tsx). */}
          <Later>
            <Outlet />
          </Later>
        </main>
      </div>
    </div>
  );
}
