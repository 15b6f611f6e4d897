import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { getLastUser, subscribeSession } from '../lib/auth-storage.ts';
import { DialogHost } from '../lib/ui/dialog.tsx';
import { ErrorBoundary } from '../lib/ui/error-boundary.tsx';
import { LoadingOverlay } from '../lib/ui/loading-overlay.tsx';
import { Toaster } from '../lib/ui/toaster.tsx';
import { queryClient } from './query-client.ts';
import { ServiceWorkerUpdates } from './sw-update-toast.tsx';

const SignedInServices = lazy(() => import('./signed-in-services.tsx'));

/** The signed-in part of the app's services, loaded once someone is signed in on this device. */
function WhenSignedIn() {
  const signedIn = useSyncExternalStore(
    subscribeSession,
    () => getLastUser() !== null,
    () => getLastUser() !== null,
  );
  return signedIn ? (
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
