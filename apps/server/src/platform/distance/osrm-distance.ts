import type { LatLng } from '@petti/shared';
import { type DistanceProvider, distanceFailed } from './distance-provider.ts';

/**
 * An OSRM server's route service (`/route/v1/driving/{lng},{lat};{lng},{lat}`), e.g. a self-hosted
 * one with the Tamil Nadu extract. Any failure (network, HTTP status, OSRM `code` other than Ok)
 * becomes 'DistanceMatrix failed: {status}'.
 */
export function createOsrmDistance(options: {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): DistanceProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    name: 'osrm',
    async drivingMetres(from: LatLng, to: LatLng) {
      const url = `${base}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=false&alternatives=false&steps=false`;
      let res: Response;
      try {
        res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
      } catch (err) {
        throw distanceFailed((err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK_ERROR');
      }
      const body = (await res.json().catch(() => null)) as {
        code?: string;
        routes?: { distance?: number }[];
      } | null;
      if (!res.ok) throw distanceFailed(body?.code ?? res.status);
      const metres = body?.routes?.[0]?.distance;
      if (body?.code !== 'Ok' || typeof metres !== 'number' || !Number.isFinite(metres))
        throw distanceFailed(body?.code ?? 'INVALID_RESPONSE');
      return Math.round(metres);
    },
  };
}
