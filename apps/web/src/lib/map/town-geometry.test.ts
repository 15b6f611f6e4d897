import { TOWN_BOUNDS, TOWN_CENTRE } from '@petti/shared/constants';
import { greatCircleMetres, isInsideTown } from '@petti/shared/rules/geo';
import { describe, expect, it } from 'vitest';
import { clampToTown, nudge } from './town-geometry.ts';

describe('town geometry', () => {
  it('keeps a point inside the town as it is', () => {
    const p = { lat: 9.4541, lng: 77.7978 };
    expect(clampToTown(p)).toEqual(p);
  });

  it('brings a point dragged out of town back to the nearest edge', () => {
    expect(clampToTown({ lat: 10.5, lng: 76 })).toEqual({ lat: TOWN_BOUNDS.north, lng: TOWN_BOUNDS.west });
    expect(clampToTown({ lat: 8, lng: TOWN_CENTRE.lng }).lat).toBe(TOWN_BOUNDS.south);
  });

  it('nudges by about the metres asked', () => {
    const moved = nudge(TOWN_CENTRE, 50, 0);
    expect(greatCircleMetres(TOWN_CENTRE, moved)).toBeGreaterThan(45);
    expect(greatCircleMetres(TOWN_CENTRE, moved)).toBeLessThan(55);
    expect(moved.lng).toBeGreaterThan(TOWN_CENTRE.lng);
    expect(nudge(TOWN_CENTRE, 0, -50).lat).toBeLessThan(TOWN_CENTRE.lat);
  });

  it('never nudges out of town', () => {
    let p = { ...TOWN_CENTRE };
    for (let i = 0; i < 500; i++) p = nudge(p, 200, 200);
    expect(isInsideTown(p) || (p.lat === TOWN_BOUNDS.north && p.lng === TOWN_BOUNDS.east)).toBe(true);
  });
});
