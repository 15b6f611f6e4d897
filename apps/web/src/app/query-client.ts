import { RETRY } from '@petti/shared/constants';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error.ts';

/**
 * The API client already retries what is worth retrying (docs/product.md#api-client: 3 attempts with
 * back-off), so a query does not add its own retries on top of an ApiError; anything else (a bug in a query
 * function) gets the same 3 attempts in all.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error)) return false;
  return failureCount < RETRY.attempts - 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: retryQuery,
      // Let the service worker answer from its cache while offline instead of pausing the query.
      networkMode: 'offlineFirst',
    },
    mutations: { networkMode: 'offlineFirst' },
  },
});
