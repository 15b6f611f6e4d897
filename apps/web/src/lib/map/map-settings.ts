import type { MapSettings } from '@petti/shared/schemas/map';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/** `GET /api/map`: the configured tile server, or none (kept for an hour; docs/maps.md). */
export function useMapSettings() {
  return useQuery({
    queryKey: ['map-settings'],
    queryFn: ({ signal }) => api.get<MapSettings>('/map', { auth: false, signal }),
    staleTime: 3_600_000,
    retry: 1,
  });
}
