import { TOWN_BOUNDS } from '@petti/shared/constants';
import { isInsideTown } from '@petti/shared/rules/geo';
import type { Place } from '@petti/shared/schemas/addresses';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { likePattern } from '../catalog/index.ts';
import { places } from './schema.ts';

/**
 * The address search box (docs/product.md#addresses): text → places in the town. The embedded
 * default searches the seeded gazetteer; a geocoding service is used when configured.
 */
export interface Geocoder {
  readonly name: string;
  search(q: string, limit: number): Promise<Place[]>;
}

/** Streets, areas and landmarks of data/seed/gazetteer.json, matched case-insensitively in either language. */
export function createGazetteerGeocoder(db: Db): Geocoder {
  return {
    name: 'gazetteer',
    async search(q, limit) {
      const pattern = likePattern(q);
      const starts = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select()
        .from(places)
        .where(sql`(${places.name}->>'en' ilike ${pattern} or ${places.name}->>'ta' ilike ${pattern})`)
        // Names that start with the text first, then alphabetical.
        .orderBy(
          sql`(${places.name}->>'en' ilike ${starts}) desc`,
          sql`${places.name}->>'en'`,
          asc(places.id),
        )
        .limit(limit);
      return rows.map((r) => ({ id: String(r.id), name: r.name, kind: r.kind, lat: r.lat, lng: r.lng }));
    },
  };
}

/**
 * Google's Geocoding API, biased to the town's bounds; results outside the town are dropped (a pin
 * must stay inside it). The Tamil name is asked for in a second call only when there are results.
 */
export function createGoogleGeocoder(options: { apiKey: string; fetch?: typeof fetch }): Geocoder {
  const doFetch = options.fetch ?? fetch;
  async function geocode(q: string, language: 'en' | 'ta') {
    const url = new URL('https://maps.googleapis.com/maps/api/geocode/json');
    url.searchParams.set('address', `${q}, Sivakasi`);
    url.searchParams.set(
      'bounds',
      `${TOWN_BOUNDS.south},${TOWN_BOUNDS.west}|${TOWN_BOUNDS.north},${TOWN_BOUNDS.east}`,
    );
    url.searchParams.set('region', 'in');
    url.searchParams.set('language', language);
    url.searchParams.set('key', options.apiKey);
    const res = await doFetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as {
      status?: string;
      results?: {
        place_id: string;
        formatted_address: string;
        types?: string[];
        geometry: { location: { lat: number; lng: number } };
      }[];
    } | null;
    if (body?.status === 'ZERO_RESULTS') return [];
    if (!res?.ok || body?.status !== 'OK') {
      throw new AppError(
        'ServiceUnavailable',
        `Geocoding failed: ${body?.status ?? res?.status ?? 'NETWORK_ERROR'}`,
      );
    }
    return body.results ?? [];
  }
  return {
    name: 'google',
    async search(q, limit) {
      const en = (await geocode(q, 'en')).filter((r) => isInsideTown(r.geometry.location)).slice(0, limit);
      if (en.length === 0) return [];
      const ta = new Map(
        (await geocode(q, 'ta').catch(() => [])).map((r) => [r.place_id, r.formatted_address]),
      );
      return en.map((r) => ({
        id: r.place_id,
        name: { en: r.formatted_address, ta: ta.get(r.place_id) ?? r.formatted_address },
        kind: r.types?.[0] ?? 'place',
        lat: r.geometry.location.lat,
        lng: r.geometry.location.lng,
      }));
    },
  };
}
