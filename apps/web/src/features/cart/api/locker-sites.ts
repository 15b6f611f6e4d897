import type { LockerSite } from '@petti/shared/schemas/lockers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/locker-locations (public), narrowed to the sites that take parcel drops. */
export async function getParcelSites(signal?: AbortSignal): Promise<LockerSite[]> {
  // Signed in: a resident's own complex lockers are among them when they take parcels.
  const body = await api.get<{ sites: LockerSite[] }>('/locker-locations', { signal });
  return body.sites.filter((s) => s.acceptsParcels);
}

export function useParcelSites(enabled: boolean) {
  return useQuery({
    queryKey: ['locker-locations', 'parcels'],
    queryFn: ({ signal }) => getParcelSites(signal),
    enabled,
    staleTime: 60_000,
  });
}
