import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { dismissBootSplash } from '../lib/boot-splash.ts';
import { log } from '../lib/log.ts';
import { ErrorView } from '../lib/ui/error-view.tsx';

/** errorElement of the root route: a failed page (or a page whose code could not load). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    log.error('route failed', error);
    // A first screen that failed is a screen too: the splash must not hide this one.
    dismissBootSplash();
  }, [error]);
  return <ErrorView />;
}
