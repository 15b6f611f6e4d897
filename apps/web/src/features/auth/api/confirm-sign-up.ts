import type { SignUpResult } from '@petti/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/confirm-sign-up: the code confirms the number and signs the user in (tokens). */
export function confirmSignUp(input: { phone: string; code: string }): Promise<SignUpResult> {
  return api.post<SignUpResult>('/auth/confirm-sign-up', input, { auth: false });
}

export function useConfirmSignUp() {
  return useMutation({ mutationFn: confirmSignUp });
}
