import { QueryClientProvider } from '@tanstack/react-query';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { getLastUser, subscribeSession } from '../lib/auth-storage.ts';
import { afterFirstScreen } from '../lib/boot-splash.ts';
import { log } from '../lib/log.ts';
import { DialogHost } from '../lib/ui/dialog.tsx';
import { ErrorBoundary } from '../lib/ui/error-boundary.tsx';
import { LoadingOverlay } from '../lib/ui/loading-overlay.tsx';
import { Toaster } from '../lib/ui/toaster.tsx';
import { queryClient } from './query-client.ts';
import { ServiceWorkerUpdates } from './sw-update-toast.tsx';

// A chunk that cannot load (the line dropped on a first visit) costs the live updates until the next
// start, never the screen: the app's error page is for the app failing, not this.
const SignedInServices = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./signed-in-services.tsx').catch((error: unknown) => {
      log.error('live updates and alerts could not load', error);
      return { default: () => null };
    }),
);

/**
 * The signed-in part of the app's services, loaded once someone is signed in on this device, after
 * the first screen is drawn: opening the live connection took a slow phone's main thread on the way
 * to that screen's paint, and the screen reads its data without it.
 */
function WhenSignedIn() {
  const signedIn = useSyncExternalStore(
    subscribeSession,
    () => getLastUser() !== null,
    () => getLastUser() !== null,
  );
  const [screenUp, setScreenUp] = useState(false);
  useEffect(() => afterFirstScreen(() => setScreenUp(true)), []);
  return signedIn && screenUp ? (
    <Suspense fallback={null}>
      <SignedInServices />
    </Suspense>
  ) : null;
}

/** Everything the app needs around the router: server state, live updates, toasts, dialogs, overlay. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
        <DialogHost />
        <LoadingOverlay />
        <ServiceWorkerUpdates />
        <WhenSignedIn />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
