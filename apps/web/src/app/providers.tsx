import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LiveUpdates } from '../lib/realtime/live-updates.tsx';
import { DialogHost } from '../lib/ui/dialog.tsx';
import { ErrorBoundary } from '../lib/ui/error-boundary.tsx';
import { LoadingOverlay } from '../lib/ui/loading-overlay.tsx';
import { Toaster } from '../lib/ui/toaster.tsx';
import { queryClient } from './query-client.ts';
import { ServiceWorkerUpdates } from './sw-update-toast.tsx';

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
        <LiveUpdates />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
