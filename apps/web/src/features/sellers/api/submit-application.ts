import type { SellerApplication, SellerApplicationInput } from '@petti/shared/schemas/catalog';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/seller-applications (public): stored for Petti to call back; a number applies once. */
export function submitApplication(input: SellerApplicationInput): Promise<SellerApplication> {
  return api.post<SellerApplication>('/seller-applications', input, { auth: false });
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
