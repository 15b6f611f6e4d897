// @vitest-environment happy-dom

import { TOWN_BOUNDS, TOWN_CENTRE } from '@petti/shared/constants';
import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { openingView } from './still-map.tsx';
import { boundsOf, fitView, MAP_VIEW, pad, project, tilesFor, toScreen } from './still-view.ts';

describe('the still map’s arithmetic', () => {
  it('projects as Leaflet does', () => {
    for (const zoom of [0, 12, 14.5, 16]) {
      for (const p of [TOWN_CENTRE, { lat: 9.45, lng: 77.79 }, { lat: -33.9, lng: 151.2 }]) {
        const ours = project(p, zoom);
        const theirs = L.CRS.EPSG3857.latLngToPoint(L.latLng(p.lat, p.lng), zoom);
        expect(ours.x).toBeCloseTo(theirs.x, 6);
        expect(ours.y).toBeCloseTo(theirs.y, 6);
      }
    }
  });

  it('pads bounds as Leaflet does', () => {
    const b = { south: 9.4, north: 9.5, west: 77.7, east: 77.9 };
    const theirs = L.latLngBounds([b.south, b.west], [b.north, b.east]).pad(0.2);
    const ours = pad(b, 0.2);
    expect(ours.south).toBeCloseTo(theirs.getSouth(), 9);
    expect(ours.north).toBeCloseTo(theirs.getNorth(), 9);
    expect(ours.west).toBeCloseTo(theirs.getWest(), 9);
    expect(ours.east).toBeCloseTo(theirs.getEast(), 9);
  });

  it('fits bounds at the deepest half step that shows them all, centred on them', () => {
    const size = { width: 360, height: 240 };
    const view = fitView(TOWN_BOUNDS, size, { minZoom: 12, maxZoom: 18, snap: 0.5 });
    expect(view.zoom % 0.5).toBe(0);
    const nw = toScreen(view, { lat: TOWN_BOUNDS.north, lng: TOWN_BOUNDS.west });
    const se = toScreen(view, { lat: TOWN_BOUNDS.south, lng: TOWN_BOUNDS.east });
    // Inside the frame at this zoom…
    expect(nw.x).toBeGreaterThanOrEqual(-1e-6);
    expect(nw.y).toBeGreaterThanOrEqual(-1e-6);
    expect(se.x).toBeLessThanOrEqual(size.width + 1e-6);
    expect(se.y).toBeLessThanOrEqual(size.height + 1e-6);
    // …and not inside it half a step deeper.
    const deeper = { ...view, zoom: view.zoom + 0.5 };
    const a = project({ lat: TOWN_BOUNDS.north, lng: TOWN_BOUNDS.west }, deeper.zoom);
    const b = project({ lat: TOWN_BOUNDS.south, lng: TOWN_BOUNDS.east }, deeper.zoom);
    expect(b.x - a.x > size.width || b.y - a.y > size.height).toBe(true);
    // Centred.
    expect((nw.x + se.x) / 2).toBeCloseTo(size.width / 2, 6);
    expect((nw.y + se.y) / 2).toBeCloseTo(size.height / 2, 6);
  });

  it('keeps to its zoom limits: one pin is shown at the deepest allowed, a wide spread at the shallowest', () => {
    const size = { width: 360, height: 240 };
    const one = boundsOf([TOWN_CENTRE]);
    expect(fitView(one, size, { minZoom: 12, maxZoom: 16, snap: 0.5 }).zoom).toBe(16);
    const india = { south: 8, north: 35, west: 68, east: 97 };
    expect(fitView(india, size, { minZoom: 12, maxZoom: 16, snap: 0.5 }).zoom).toBe(12);
  });

  it('lays tiles of the nearest whole zoom edge to edge over the whole frame, with the template filled in', () => {
    const size = { width: 360, height: 240 };
    const view = fitView(TOWN_BOUNDS, size, { minZoom: 12, maxZoom: 18, snap: 0.5 });
    const tiles = tilesFor(view, 'https://{s}.tiles.test/{z}/{x}/{y}{r}.png', 'abc', 19);
    const z = Math.round(view.zoom);
    const side = 256 * 2 ** (view.zoom - z);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect(tile.size).toBeCloseTo(side, 9);
      const [, s, tz, x, y] = /^https:\/\/([abc])\.tiles\.test\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(tile.url)!;
      expect(Number(tz)).toBe(z);
      // Leaflet's choice of subdomain for the same tile.
      expect(s).toBe('abc'[(Number(x) + Number(y)) % 3]);
      // The tile's own corner lands where the projection puts it.
      expect(tile.left).toBeCloseTo(Number(x) * side - (view.centre.x - size.width / 2), 6);
      expect(tile.top).toBeCloseTo(Number(y) * side - (view.centre.y - size.height / 2), 6);
    }
    // Every corner of the frame is under some tile.
    for (const [px, py] of [
      [0, 0],
      [size.width - 1, 0],
      [0, size.height - 1],
      [size.width - 1, size.height - 1],
    ] as const) {
      expect(
        tiles.some((t) => px >= t.left && px < t.left + t.size && py >= t.top && py < t.top + t.size),
      ).toBe(true);
    }
    // Deeper than the provider goes, the deepest tiles are stretched.
    const close = { ...view, zoom: 20 };
    expect(new Set(tilesFor(close, '{z}', '', 19).map((t) => t.url))).toEqual(new Set(['19']));
  });
});

describe('the still map’s opening view', () => {
  /** Leaflet's own map, sized as a phone's frame, opened as leaflet-map.tsx opens it. */
  function leafletOpening(
    points: Array<{ lat: number; lng: number }>,
    size: { width: number; height: number },
  ) {
    // Every phone's browser has CSS 3D transforms, which Leaflet needs to zoom in half steps; happy-dom
    // has none, and Leaflet would fall back to whole ones.
    (L.Browser as { any3d: boolean }).any3d = true;
    const host = document.createElement('div');
    document.body.append(host);
    const town = L.latLngBounds([TOWN_BOUNDS.south, TOWN_BOUNDS.west], [TOWN_BOUNDS.north, TOWN_BOUNDS.east]);
    const map = L.map(host, {
      maxBounds: town.pad(MAP_VIEW.limitPad),
      minZoom: MAP_VIEW.minZoom,
      maxZoom: 19,
      zoomSnap: MAP_VIEW.snap,
      fadeAnimation: false,
      zoomAnimation: false,
    });
    map.getSize = () => L.point(size.width, size.height);
    // Where each fit ends (the app animates the second, and it ends in the same place).
    map.fitBounds(town, { animate: false });
    if (points.length > 0)
      map.fitBounds(
        L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])).pad(MAP_VIEW.pinsPad),
        {
          maxZoom: MAP_VIEW.pinsMaxZoom,
          animate: false,
        },
      );
    const zoom = map.getZoom();
    const centre = map.project(map.getCenter(), zoom);
    map.remove();
    host.remove();
    return { zoom, centre };
  }

  const pin = (lat: number, lng: number) => ({ id: `${lat},${lng}`, lat, lng, label: '' });
  const cases = {
    'no pins': [],
    'one pin in the middle': [pin(TOWN_CENTRE.lat, TOWN_CENTRE.lng)],
    'pins across the town': [
      pin(TOWN_BOUNDS.south, TOWN_BOUNDS.west),
      pin(TOWN_BOUNDS.north, TOWN_BOUNDS.east),
    ],
    'a pin on the town’s edge': [pin(TOWN_BOUNDS.north, TOWN_BOUNDS.east)],
    'pins along the north edge, the view pulled back inside the town’s limit': [
      pin(TOWN_BOUNDS.north, TOWN_BOUNDS.west),
      pin(TOWN_BOUNDS.north, TOWN_BOUNDS.east),
    ],
    'two pins near one edge': [
      pin(TOWN_BOUNDS.south + 0.001, TOWN_CENTRE.lng),
      pin(TOWN_BOUNDS.south + 0.004, TOWN_CENTRE.lng + 0.01),
    ],
  };

  for (const [name, markers] of Object.entries(cases)) {
    it(`is Leaflet’s own: ${name}`, () => {
      for (const size of [
        { width: 358, height: 238 },
        { width: 600, height: 320 },
      ]) {
        const ours = openingView(markers, size, 19);
        const theirs = leafletOpening(markers, size);
        expect(ours.zoom).toBe(theirs.zoom);
        expect(Math.abs(ours.centre.x - theirs.centre.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(ours.centre.y - theirs.centre.y)).toBeLessThanOrEqual(1);
      }
    });
  }
});
