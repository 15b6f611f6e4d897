import { RETRY } from '@petti/shared/constants';
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: RETRY.attempts - 1, // RETRY.attempts counts the first try
      // Let the service worker answer from its cache while offline instead of pausing the query.
      networkMode: 'offlineFirst',
    },
    mutations: { networkMode: 'offlineFirst' },
  },
});
