import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { createGoogleGeocoder } from './geocoder.ts';

const result = (id: string, address: string, lat: number, lng: number) => ({
  place_id: id,
  formatted_address: address,
  types: ['route'],
  geometry: { location: { lat, lng } },
});

/** Answers by the `language` asked for, recording each URL. */
function fakeGoogle(byLanguage: Record<string, unknown>, status = 200) {
  const calls: URL[] = [];
  const fn = (async (url: string | URL) => {
    const u = new URL(String(url));
    calls.push(u);
    return new Response(JSON.stringify(byLanguage[u.searchParams.get('language')!]), { status });
  }) as typeof fetch;
  return { fn, calls };
}

describe('the Google geocoder adapter', () => {
  it('keeps results inside the town, names them in English and Tamil, biased to the town’s bounds', async () => {
    const g = fakeGoogle({
      en: {
        status: 'OK',
        results: [
          result('a', 'Sattur Road, Sivakasi', 9.446, 77.812),
          result('b', 'Sattur, Virudhunagar', 9.356, 77.92),
        ],
      },
      ta: { status: 'OK', results: [result('a', 'சாத்தூர் சாலை, சிவகாசி', 9.446, 77.812)] },
    });
    const places = await createGoogleGeocoder({ apiKey: 'k', fetch: g.fn }).search('sattur road', 5);
    expect(places).toEqual([
      {
        id: 'a',
        name: { en: 'Sattur Road, Sivakasi', ta: 'சாத்தூர் சாலை, சிவகாசி' },
        kind: 'route',
        lat: 9.446,
        lng: 77.812,
      },
    ]);
    expect(g.calls[0]!.searchParams.get('address')).toBe('sattur road, Sivakasi');
    expect(g.calls[0]!.searchParams.get('bounds')).toBe('9.416926,77.758118|9.491431,77.825753');
  });

  it('answers nothing for ZERO_RESULTS and ServiceUnavailable when the service fails', async () => {
    const none = fakeGoogle({ en: { status: 'ZERO_RESULTS', results: [] } });
    expect(await createGoogleGeocoder({ apiKey: 'k', fetch: none.fn }).search('x', 5)).toEqual([]);
    expect(none.calls).toHaveLength(1);
    const denied = fakeGoogle({ en: { status: 'REQUEST_DENIED' } });
    const err = await createGoogleGeocoder({ apiKey: 'k', fetch: denied.fn })
      .search('x', 5)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'ServiceUnavailable', message: 'Geocoding failed: REQUEST_DENIED' });
  });
});
