import { ROUTES } from '@petti/shared/routes';
import { Outlet } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { Later } from '../../lib/ui/later.tsx';
import { usePageName } from '../../lib/ui/page-title.ts';
import { CartLink } from '../components/cart-link.tsx';
import { LayoutTop } from '../components/layout-top.tsx';
import { MarketBar } from '../components/market-bar.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { PrimaryNav } from '../components/primary-nav.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { useCurrentPage } from '../route-handle.ts';

/** Complex (marketplace) layout: back, page title, cart link + the same primary nav as Main. */
export default function ComplexLayout() {
  const { t } = useTranslation();
  const page = useCurrentPage();
  const named = usePageName();
  return (
    <div className="layout layout--with-nav layout--complex">
      <SkipLink />
      <LayoutTop>
        <MarketBar section={ROUTES.myComplex} title={named ?? (page ? t(`pages.${page}.title`) : '')}>
          <CartLink />
        </MarketBar>
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
