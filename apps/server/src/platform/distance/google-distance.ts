import type { LatLng } from '@petti/shared';
import { type DistanceProvider, distanceFailed } from './distance-provider.ts';

const ENDPOINT = 'https://maps.googleapis.com/maps/api/distancematrix/json';

/**
 * Google's Distance Matrix: driving distance of one origin → one
 * destination. Its top-level `status` and the element's `status` must both be OK; otherwise the
 * failing status goes into 'DistanceMatrix failed: {status}' (docs/product.md#distance-provider).
 */
export function createGoogleDistance(options: {
  apiKey: string;
  fetch?: typeof fetch;
  endpoint?: string;
  timeoutMs?: number;
}): DistanceProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'google',
    async drivingMetres(from: LatLng, to: LatLng) {
      const url = new URL(options.endpoint ?? ENDPOINT);
      url.searchParams.set('origins', `${from.lat},${from.lng}`);
      url.searchParams.set('destinations', `${to.lat},${to.lng}`);
      url.searchParams.set('mode', 'driving');
      url.searchParams.set('units', 'metric');
      url.searchParams.set('key', options.apiKey);
      let res: Response;
      try {
        res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
      } catch (err) {
        throw distanceFailed((err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK_ERROR');
      }
      if (!res.ok) throw distanceFailed(res.status);
      const body = (await res.json().catch(() => null)) as {
        status?: string;
        rows?: { elements?: { status?: string; distance?: { value?: number } }[] }[];
      } | null;
      if (body?.status !== 'OK') throw distanceFailed(body?.status ?? 'INVALID_RESPONSE');
      const element = body.rows?.[0]?.elements?.[0];
      if (element?.status !== 'OK') throw distanceFailed(element?.status ?? 'INVALID_RESPONSE');
      const metres = element.distance?.value;
      if (typeof metres !== 'number' || !Number.isFinite(metres)) throw distanceFailed('INVALID_RESPONSE');
      return metres;
    },
  };
}
