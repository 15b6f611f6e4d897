import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n/index.ts';
import { LiveUpdates } from '../lib/realtime/live-updates.tsx';
import { DialogHost } from '../lib/ui/dialog.tsx';
import { ErrorBoundary } from '../lib/ui/error-boundary.tsx';
import { LoadingOverlay } from '../lib/ui/loading-overlay.tsx';
import { Toaster } from '../lib/ui/toaster.tsx';
import { queryClient } from './query-client.ts';
import { ServiceWorkerUpdates } from './sw-update-toast.tsx';

/** Everything the app needs around the router: translations, server state, live updates, toasts, dialogs, overlay. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
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
    </I18nextProvider>
  );
}
