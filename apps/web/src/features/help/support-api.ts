import type { SupportContacts } from '@petti/shared/schemas/support';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** `GET /api/support`: Petti's phone, email and WhatsApp, as configured (kept for an hour). */
export function useSupportContacts() {
  return useQuery({
    queryKey: ['support'],
    queryFn: ({ signal }) => api.get<SupportContacts>('/support', { auth: false, signal }),
    staleTime: 3_600_000,
  });
}
