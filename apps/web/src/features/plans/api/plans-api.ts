import type { Plan, SubscribeResult } from '@petti/shared/schemas/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { subscriptionsKey } from '../../../lib/plans/subscriptions.ts';

/** Plans (public) and buying one (docs/payments.md); the user's plans are read by lib/plans/subscriptions.ts. */

export const plansKey = ['plans'] as const;

export function usePlans() {
  return useQuery({
    queryKey: plansKey,
    queryFn: ({ signal }) => api.get<{ plans: Plan[] }>('/plans', { auth: false, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) => api.post<SubscribeResult>('/subscriptions', { planId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}
