import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { afterFirstScreen, dismissBootSplash } from '../lib/boot-splash.ts';
import { dropEarlyResponses } from '../lib/early-requests-leftovers.ts';
import { useTranslation } from '../lib/i18n/react.tsx';
import { Spinner } from '../lib/ui/loading-overlay.tsx';
import { usePageName } from '../lib/ui/page-title.ts';
import { followViewport } from '../lib/viewport.ts';
import { useCurrentPage } from './route-handle.ts';
import { useSessionEffects } from './session-effects.ts';

/** The root route: scrolls to the top on every navigation and keeps the document title current. */
export function Root() {
  const { pathname } = useLocation();
  const page = useCurrentPage();
  const { t } = useTranslation();
  const named = usePageName();
  useSessionEffects();
  useEffect(() => followViewport(window), []);
  // The first screen is up: index.html's splash, or its copy of this very screen, goes in the same
  // frame (a layout effect), so the two are never seen together nor the page without either.
  useLayoutEffect(() => dismissBootSplash(), []);
  // What the first screen did not take of the page's early requests, it will not take later.
  useEffect(() => afterFirstScreen(() => dropEarlyResponses()), []);

  // docs/product.md#routes: every navigation scrolls to the top (a page changing only its query keeps its
  // place).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is keyed on the path on purpose
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.title = page
      ? t('app.documentTitle', { page: named ?? t(`pages.${page}.title`) })
      : `${t('app.name')} — ${t('app.tagline')}`;
  }, [page, named, t]);

  return <Outlet />;
}

/** Shown while the first route's code loads. */
export function BootSplash() {
  return (
    <div className="boot-splash">
      <Spinner />
    </div>
  );
}
