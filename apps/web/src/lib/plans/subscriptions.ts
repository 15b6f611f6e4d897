import type { Subscription } from '@petti/shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/**
 * The signed-in person's plans (docs/payments.md), read by the plan screens and by Home's plan line.
 * The key starts with 'subscriptions': the live connection refreshes it when a plan changes.
 */
export const subscriptionsKey = ['subscriptions'] as const;

export function useSubscriptions(enabled = true) {
  return useQuery({
    queryKey: subscriptionsKey,
    queryFn: ({ signal }) => api.get<{ subscriptions: Subscription[] }>('/subscriptions', { signal }),
    enabled,
  });
}

/** Whether a running plan will renew by itself (its mandate is on, or retrying a failed charge). */
export function renewsItself(s: Pick<Subscription, 'autoRenew'>): boolean {
  return s.autoRenew?.status === 'on' || s.autoRenew?.status === 'retrying';
}
