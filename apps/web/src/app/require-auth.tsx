import { ROUTES } from '@petti/shared/routes';
import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { subscribeSession } from '../lib/auth-storage.ts';
import { canEnter, type LoginState } from '../lib/sign-in-guard.ts';
import { localStore } from '../lib/storage.ts';

/** Renders the guarded routes, or sends the user to /login remembering where they wanted to go. */
export function RequireAuth() {
  const allowed = useSyncExternalStore(
    subscribeSession,
    () => canEnter(localStore()),
    // Drawn at build time as a signed-in screen (src/app/first-screen-markup.tsx): the stored session decides there too.
    () => canEnter(localStore()),
  );
  const location = useLocation();
  if (!allowed) {
    const state: LoginState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={ROUTES.login} replace state={state} />;
  }
  return <Outlet />;
}
