import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface VerifyEmailResult {
  verified: true;
  email: string;
}

/** GET /api/auth/verify-email/:id: opens the link from the email (works once). */
export function verifyEmail(id: string): Promise<VerifyEmailResult> {
  return api.get<VerifyEmailResult>(`/auth/verify-email/${encodeURIComponent(id)}`, { auth: false });
}

export function useVerifyEmail(id: string | undefined) {
  return useQuery({
    queryKey: ['verify-email', id],
    // No abort signal on purpose: a request cancelled after it reached the server would still have
    // used the link up, and the next try would wrongly say it is invalid.
    queryFn: () => verifyEmail(id!),
    enabled: Boolean(id),
    // The link works once: never ask again on its own (a second answer would say "invalid").
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
