import type { Language } from '@petti/shared/constants';
import type { Me, updateMeBody } from '@petti/shared/schemas/auth';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api.ts';

/**
 * The signed-in user (GET/PATCH /api/me). In lib/ because the profile, settings, dashboard and
 * marketplace all read it, and features do not import each other.
 */

export type UpdateMeInput = z.input<typeof updateMeBody>;

export const meQueryKey = ['me'] as const;

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/me', { signal });
}

export function updateMe(patch: UpdateMeInput): Promise<Me> {
  return api.patch<Me>('/me', patch);
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

/** PATCH /api/me; the answer replaces the cached user. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** POST /api/me/email/verify-request: emails a link to the saved address. */
export function requestEmailVerification(): Promise<{ sentTo: string }> {
  return api.post<{ sentTo: string }>('/me/email/verify-request');
}

export function useRequestEmailVerification() {
  return useMutation({ mutationFn: requestEmailVerification });
}

/** DELETE /api/me: personal data removed, every session revoked. */
export function deleteAccount(): Promise<void> {
  return api.delete<void>('/me');
}

/** Saves the language to the account (the device keeps its own copy in any case). */
export async function saveLanguageToAccount(queryClient: QueryClient, language: Language): Promise<void> {
  const me = await updateMe({ language });
  queryClient.setQueryData(meQueryKey, me);
}
