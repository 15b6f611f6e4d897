import type { SignInResult } from '@petti/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * POST /api/auth/confirm-sign-in: answers the challenge. A wrong code answers 200 with the same
 * step, `additionalInfo.error: 'CodeMismatch'` and the attempts left; success carries the tokens.
 */
export function confirmSignIn(input: {
  phone: string;
  session: string;
  answer: string;
}): Promise<SignInResult> {
  return api.post<SignInResult>('/auth/confirm-sign-in', input, { auth: false });
}

export function useConfirmSignIn() {
  return useMutation({ mutationFn: confirmSignIn });
}
