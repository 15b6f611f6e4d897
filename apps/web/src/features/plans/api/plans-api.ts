import type {
  ConfirmAutoRenewBody,
  Plan,
  StartAutoRenew,
  SubscribeResult,
  Subscription,
} from '@petti/shared/schemas/payments';
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

/** The holder's changes to a paid plan (docs/product.md#plans): each refreshes the plan list. */
export function usePlanChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: subscriptionsKey });
  return {
    pause: useMutation({
      mutationFn: ({ id, days }: { id: string; days: number }) =>
        api.post<Subscription>(`/subscriptions/${encodeURIComponent(id)}/pause`, { days }),
      onSettled: refresh,
    }),
    resume: useMutation({
      mutationFn: (id: string) => api.delete<Subscription>(`/subscriptions/${encodeURIComponent(id)}/pause`),
      onSettled: refresh,
    }),
    cancelRenewal: useMutation({
      mutationFn: (id: string) =>
        api.delete<{ subscription: Subscription; refund: { amountPaise: number } }>(
          `/subscriptions/${encodeURIComponent(id)}`,
        ),
      onSettled: refresh,
    }),
  };
}

/** Automatic renewal of a running plan (docs/payments.md#automatic-renewal): each refreshes the plan list. */
export function useAutoRenew() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: subscriptionsKey });
  const path = (id: string) => `/subscriptions/${encodeURIComponent(id)}/auto-renew`;
  return {
    start: useMutation({
      mutationFn: (id: string) => api.post<StartAutoRenew>(path(id), {}),
      onSettled: refresh,
    }),
    stop: useMutation({
      mutationFn: (id: string) => api.delete<Subscription>(path(id)),
      onSettled: refresh,
    }),
    /** What Razorpay's modal handed back (testpay's page comes back to `useAutoRenewReturn` instead). */
    confirm: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ConfirmAutoRenewBody }) => confirmAutoRenew(id, body),
      onSettled: refresh,
    }),
  };
}

export function confirmAutoRenew(id: string, body: ConfirmAutoRenewBody): Promise<Subscription> {
  return api.post<Subscription>(`/subscriptions/${encodeURIComponent(id)}/auto-renew/confirm`, body);
}
