import type { SignUpResult } from '@petti/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface SignUpInput {
  /** 12-digit wire number. */
  phone: string;
  name: string;
  email?: string;
}

/** POST /api/auth/sign-up: creates (or refreshes) an unconfirmed account and sends a code. */
export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return api.post<SignUpResult>('/auth/sign-up', input, { auth: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
