import type { MyShops } from '@petti/shared/schemas/shops';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/**
 * Where the signed-in person works (docs/shops.md#roles): the shops they belong to and whether they
 * are one of Petti's operators. Read by the profile menu and the shop screens; refreshed by any live
 * event (the ['shops'] key is one every event makes stale, lib/realtime/live-updates.tsx).
 */
export function useMyShops(enabled = true) {
  return useQuery({
    queryKey: ['shops', 'mine'],
    queryFn: ({ signal }) => api.get<MyShops>('/shops/mine', { signal }),
    enabled,
    staleTime: 60_000,
  });
}
