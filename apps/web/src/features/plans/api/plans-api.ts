import type { Plan, SubscribeResult, Subscription } from '@petti/shared/schemas/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Plans (public) and the user's subscriptions (docs/payments.md). Keys start with 'subscriptions'. */

export const plansKey = ['plans'] as const;
export const subscriptionsKey = ['subscriptions'] as const;

export function usePlans() {
  return useQuery({
    queryKey: plansKey,
    queryFn: ({ signal }) => api.get<{ plans: Plan[] }>('/plans', { auth: false, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useSubscriptions(enabled = true) {
  return useQuery({
    queryKey: subscriptionsKey,
    queryFn: ({ signal }) => api.get<{ subscriptions: Subscription[] }>('/subscriptions', { signal }),
    enabled,
  });
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) => api.post<SubscribeResult>('/subscriptions', { planId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}
