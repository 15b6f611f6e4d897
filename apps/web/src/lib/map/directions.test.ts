import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions.ts';

const site = { lat: 9.452345, lng: 77.80123 };

describe('directionsUrl', () => {
  it('asks an Android phone for its maps app with a geo: URI', () => {
    expect(directionsUrl(site, 'Bus Stand Lockers', 'Mozilla/5.0 (Linux; Android 14; Pixel 7)')).toBe(
      'geo:9.452345,77.801230?q=9.452345,77.801230(Bus%20Stand%20Lockers)',
    );
  });

  it('opens Apple Maps on an iPhone', () => {
    expect(directionsUrl(site, 'Bus Stand', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(
      'https://maps.apple.com/?daddr=9.452345,77.801230&q=Bus%20Stand',
    );
  });

  it('opens Google Maps directions elsewhere', () => {
    expect(directionsUrl(site, 'Bus Stand', 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=9.452345,77.801230',
    );
  });
});
