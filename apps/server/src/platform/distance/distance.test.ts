import { greatCircleMetres } from '@petti/shared/rules/geo';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { checkRange, isWithinRange } from './check-range.ts';
import type { DistanceProvider } from './distance-provider.ts';
import { createEmbeddedDistance } from './embedded-distance.ts';
import { createGoogleDistance } from './google-distance.ts';
import { createOsrmDistance } from './osrm-distance.ts';

const shop = { lat: 9.4541, lng: 77.7978 };
const home = { lat: 9.4612, lng: 77.8031 };

/** A fetch that answers one canned response and records the URL asked for. */
function fakeFetch(status: number, body: unknown) {
  const calls: string[] = [];
  const fn = (async (url: string | URL) => {
    calls.push(String(url));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fn, calls };
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('the embedded distance provider', () => {
  it('is the great-circle distance times the road factor, in whole metres', async () => {
    const straight = greatCircleMetres(shop, home);
    expect(straight).toBeGreaterThan(900);
    expect(await createEmbeddedDistance().drivingMetres(shop, home)).toBe(Math.round(straight * 1.3));
    expect(await createEmbeddedDistance(2).drivingMetres(shop, home)).toBe(Math.round(straight * 2));
    expect(await createEmbeddedDistance().drivingMetres(shop, shop)).toBe(0);
  });
});

describe('the OSRM adapter', () => {
  it('asks for the driving route lng,lat;lng,lat and answers its distance', async () => {
    const f = fakeFetch(200, { code: 'Ok', routes: [{ distance: 1834.6, duration: 200 }] });
    const osrm = createOsrmDistance({ baseUrl: 'http://osrm.local/', fetch: f.fn });
    expect(await osrm.drivingMetres(shop, home)).toBe(1835);
    expect(f.calls[0]).toBe(
      'http://osrm.local/route/v1/driving/77.7978,9.4541;77.8031,9.4612?overview=false&alternatives=false&steps=false',
    );
  });

  it('turns a failure into DistanceMatrix failed: {status}', async () => {
    const noRoute = createOsrmDistance({
      baseUrl: 'http://o',
      fetch: fakeFetch(400, { code: 'NoRoute' }).fn,
    });
    const err = await failure(noRoute.drivingMetres(shop, home));
    expect(err.code).toBe('DistanceMatrixFailed');
    expect(err.message).toBe('DistanceMatrix failed: NoRoute');
    expect(err.status).toBe(502);
    const down = createOsrmDistance({ baseUrl: 'http://o', fetch: fakeFetch(503, 'busy').fn });
    expect((await failure(down.drivingMetres(shop, home))).message).toBe('DistanceMatrix failed: 503');
    const offline = createOsrmDistance({
      baseUrl: 'http://o',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    expect((await failure(offline.drivingMetres(shop, home))).message).toBe(
      'DistanceMatrix failed: NETWORK_ERROR',
    );
  });
});

describe('the Google Distance Matrix adapter', () => {
  it('reads the element’s distance in metres', async () => {
    const f = fakeFetch(200, {
      status: 'OK',
      rows: [{ elements: [{ status: 'OK', distance: { value: 2140, text: '2.1 km' } }] }],
    });
    const google = createGoogleDistance({ apiKey: 'test-key-123', fetch: f.fn });
    expect(await google.drivingMetres(shop, home)).toBe(2140);
    const url = new URL(f.calls[0]!);
    expect(url.searchParams.get('origins')).toBe('9.4541,77.7978');
    expect(url.searchParams.get('destinations')).toBe('9.4612,77.8031');
    expect(url.searchParams.get('mode')).toBe('driving');
    expect(url.searchParams.get('key')).toBe('test-key-123');
  });

  it('reports the top-level or the element status as DistanceMatrix failed: {status}', async () => {
    const denied = createGoogleDistance({
      apiKey: 'k',
      fetch: fakeFetch(200, { status: 'REQUEST_DENIED', rows: [] }).fn,
    });
    expect((await failure(denied.drivingMetres(shop, home))).message).toBe(
      'DistanceMatrix failed: REQUEST_DENIED',
    );
    const noRoute = createGoogleDistance({
      apiKey: 'k',
      fetch: fakeFetch(200, { status: 'OK', rows: [{ elements: [{ status: 'ZERO_RESULTS' }] }] }).fn,
    });
    expect((await failure(noRoute.drivingMetres(shop, home))).message).toBe(
      'DistanceMatrix failed: ZERO_RESULTS',
    );
  });
});

describe('checkRange', () => {
  const fixed = (metres: number): DistanceProvider => ({ name: 'fixed', drivingMetres: async () => metres });
  const seller = { ...shop, rangeKm: 5 };

  it('is strictly under range × 1000 metres', async () => {
    expect(isWithinRange(4999, 5)).toBe(true);
    expect(isWithinRange(5000, 5)).toBe(false);
    expect(await checkRange(fixed(4999), { seller, destination: home, kind: 'address' })).toEqual({
      metres: 4999,
    });
  });

  it('throws AddressLongDistance for an address and LockerLongDistance for a locker', async () => {
    const address = await failure(checkRange(fixed(5000), { seller, destination: home, kind: 'address' }));
    expect(address.code).toBe('AddressLongDistance');
    expect(address.status).toBe(422);
    expect(address.details).toEqual({ metres: 5000, rangeKm: 5 });
    const locker = await failure(checkRange(fixed(12_000), { seller, destination: home, kind: 'locker' }));
    expect(locker.code).toBe('LockerLongDistance');
  });

  it('lets a provider failure through', async () => {
    const broken: DistanceProvider = {
      name: 'broken',
      drivingMetres: () =>
        createOsrmDistance({ baseUrl: 'http://o', fetch: fakeFetch(500, {}).fn }).drivingMetres(shop, home),
    };
    const err = await failure(checkRange(broken, { seller, destination: home, kind: 'address' }));
    expect(err.message).toBe('DistanceMatrix failed: 500');
  });
});
