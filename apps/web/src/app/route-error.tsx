import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { log } from '../lib/log.ts';
import { ErrorView } from '../lib/ui/error-view.tsx';

/** errorElement of the root route: a failed page (or a page whose code could not load). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    log.error('route failed', error);
  }, [error]);
  return <ErrorView />;
}
