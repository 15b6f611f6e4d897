import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface ResendCodeResult {
  codeDeliveryDetails: { deliveryMedium: 'SMS'; destination: string; attributeName: 'phone_number' };
  resendAfter: string;
  expiresAt: string;
}

/** POST /api/auth/resend-code: a new code for a sign-in challenge (with its session) or a sign-up. */
export function resendCode(input: { phone: string; session?: string }): Promise<ResendCodeResult> {
  return api.post<ResendCodeResult>('/auth/resend-code', input, { auth: false });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
