import type { SignInResult } from '@petti/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/sign-in: starts the custom challenge; a code goes out by SMS. */
export function signIn(input: { phone: string }): Promise<SignInResult> {
  return api.post<SignInResult>('/auth/sign-in', input, { auth: false });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
