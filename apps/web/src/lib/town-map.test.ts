import { TOWN_BOUNDS, TOWN_CENTRE } from '@petti/shared/constants';
import { isInsideTown } from '@petti/shared/rules/geo';
import { describe, expect, it } from 'vitest';
import { fromMap, MAP_HEIGHT, MAP_WIDTH, nudge, toMap } from './town-map.ts';

describe('schematic town map', () => {
  it('puts the town corners at the map corners', () => {
    expect(toMap({ lat: TOWN_BOUNDS.north, lng: TOWN_BOUNDS.west })).toEqual({ x: 0, y: 0 });
    const se = toMap({ lat: TOWN_BOUNDS.south, lng: TOWN_BOUNDS.east });
    expect(se.x).toBeCloseTo(MAP_WIDTH);
    expect(se.y).toBeCloseTo(MAP_HEIGHT);
  });

  it('keeps the town roughly as tall as it is wide (about 8 km each way)', () => {
    expect(MAP_HEIGHT / MAP_WIDTH).toBeGreaterThan(1);
    expect(MAP_HEIGHT / MAP_WIDTH).toBeLessThan(1.25);
  });

  it('goes there and back', () => {
    const p = { lat: 9.4541, lng: 77.7978 };
    const back = fromMap(toMap(p));
    expect(back.lat).toBeCloseTo(p.lat, 5);
    expect(back.lng).toBeCloseTo(p.lng, 5);
  });

  it('never leaves the town, however far the pin is dragged', () => {
    for (const point of [
      { x: -50, y: -50 },
      { x: MAP_WIDTH + 80, y: MAP_HEIGHT * 2 },
      { x: 10, y: -1 },
    ]) {
      expect(isInsideTown(fromMap(point))).toBe(true);
    }
    expect(isInsideTown(nudge(TOWN_CENTRE, 10_000, 0))).toBe(true);
  });
});
