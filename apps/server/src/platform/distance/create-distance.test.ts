import { greatCircleMetres } from '@petti/shared/rules/geo';
import { describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../../config.ts';
import { createDistance } from './create-distance.ts';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
    return [];
  } catch (err) {
    return (err as ConfigError).problems;
  }
};

describe('choosing the distance provider', () => {
  it('is embedded by default, with the road factor from the configuration', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.DISTANCE_PROVIDER).toBe('embedded');
    expect(config.DISTANCE_ROAD_FACTOR).toBe(1.3);
    expect(createDistance(config).name).toBe('embedded');
    const doubled = createDistance(loadConfig({ NODE_ENV: 'test', DISTANCE_ROAD_FACTOR: '2' }));
    const a = { lat: 9.45, lng: 77.8 };
    const b = { lat: 9.46, lng: 77.8 };
    expect(await doubled.drivingMetres(a, b)).toBe(Math.round(greatCircleMetres(a, b) * 2));
  });

  it('uses OSRM or Google when configured, and names the missing setting otherwise', () => {
    expect(
      createDistance(
        loadConfig({ NODE_ENV: 'test', DISTANCE_PROVIDER: 'osrm', OSRM_URL: 'http://osrm:5000' }),
      ).name,
    ).toBe('osrm');
    expect(
      createDistance(
        loadConfig({ NODE_ENV: 'test', DISTANCE_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'AIza-test-key' }),
      ).name,
    ).toBe('google');
    expect(problems({ DISTANCE_PROVIDER: 'osrm' })).toEqual([
      'OSRM_URL: required when DISTANCE_PROVIDER=osrm',
    ]);
    expect(problems({ GEOCODER_PROVIDER: 'google' })).toEqual([
      'GOOGLE_MAPS_API_KEY: required when DISTANCE_PROVIDER=google or GEOCODER_PROVIDER=google',
    ]);
    expect(problems({ DISTANCE_PROVIDER: 'teleport' })[0]).toMatch(/^DISTANCE_PROVIDER:/);
  });
});
