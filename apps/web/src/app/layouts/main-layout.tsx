import { ROUTES } from '@petti/shared/routes';
import { Outlet } from 'react-router';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell.tsx';
import { LiveIndicator } from '../../lib/realtime/live-indicator.tsx';
import { Later } from '../../lib/ui/later.tsx';
import { CartLink } from '../components/cart-link.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LayoutTop } from '../components/layout-top.tsx';
import { Logo } from '../components/logo.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { PrimaryNav } from '../components/primary-nav.tsx';
import { SkipLink } from '../components/skip-link.tsx';

/** Main layout: app bar (logo, live-updates sign, notifications, language) + bottom nav on phones / side nav from 1024 px. */
export default function MainLayout() {
  return (
    <div className="layout layout--with-nav">
      <SkipLink />
      <LayoutTop>
        <header className="app-bar">
          <Logo to={ROUTES.dashboard} />
          <div className="app-bar__actions">
            <LiveIndicator />
            <NotificationsBell />
            <CartLink />
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
