import { describe, expect, it } from 'vitest';
import { TOWN_BOUNDS, TOWN_CENTRE } from '../constants.ts';
import { greatCircleMetres, isInsideTown } from './geo.ts';

describe('town bounds', () => {
  it('orders the town corners whichever way they are given', () => {
    expect(TOWN_BOUNDS.south).toBeLessThan(TOWN_BOUNDS.north);
    expect(TOWN_BOUNDS.west).toBeLessThan(TOWN_BOUNDS.east);
    expect(isInsideTown(TOWN_CENTRE)).toBe(true);
  });

  it('keeps pins outside the town out', () => {
    expect(isInsideTown({ lat: 9.58, lng: 77.79 })).toBe(false); // Virudhunagar side
    expect(isInsideTown({ lat: 9.45, lng: 77.9 })).toBe(false);
  });
});

describe('greatCircleMetres', () => {
  it('is zero for one point and symmetric', () => {
    const a = { lat: 9.4533, lng: 77.8024 };
    const b = { lat: 9.4712, lng: 77.7801 };
    expect(greatCircleMetres(a, a)).toBe(0);
    expect(greatCircleMetres(a, b)).toBeCloseTo(greatCircleMetres(b, a), 6);
  });

  it('measures a known distance (one degree of latitude ≈ 111.2 km)', () => {
    expect(greatCircleMetres({ lat: 9, lng: 77.8 }, { lat: 10, lng: 77.8 })).toBeCloseTo(111_195, -2);
  });
});
