import type { LatLng } from '@petti/shared/rules/geo';

/**
 * The arithmetic of a map drawn without Leaflet (still-map.tsx): Web Mercator, as every
 * OpenStreetMap-style tile server and Leaflet use it, so the still map shows what Leaflet would
 * show on opening, the same tiles in the same place.
 */

const TILE = 256;

/**
 * How every map opens and how far it may go, for Leaflet's map (leaflet-map.tsx) and the still one
 * drawn before it (still-map.tsx) alike, so the two show the same view.
 */
export const MAP_VIEW = {
  minZoom: 12,
  /** Without a tile server's own limit. */
  maxZoom: 18,
  /** Zoom moves in half steps. */
  snap: 0.5,
  /** Pins are fitted with a fifth of their spread around them, and no closer than this. */
  pinsPad: 0.2,
  pinsMaxZoom: 16,
  /** The view stays within the town padded by a quarter. */
  limitPad: 0.25,
} as const;

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface View {
  zoom: number;
  /** The centre, in world pixels at `zoom`. */
  centre: { x: number; y: number };
  size: Size;
}

/** World pixels of a point at a zoom (Leaflet's EPSG:3857 projection, 256-pixel tiles). */
export function project(p: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, p.lat)) * Math.PI) / 180);
  return {
    x: ((p.lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** Bounds grown by `ratio` of their height and width on every side (Leaflet's `pad`). */
export function pad(b: Bounds, ratio: number): Bounds {
  const dLat = (b.north - b.south) * ratio;
  const dLng = (b.east - b.west) * ratio;
  return { south: b.south - dLat, north: b.north + dLat, west: b.west - dLng, east: b.east + dLng };
}

export function boundsOf(points: readonly LatLng[]): Bounds {
  return {
    south: Math.min(...points.map((p) => p.lat)),
    north: Math.max(...points.map((p) => p.lat)),
    west: Math.min(...points.map((p) => p.lng)),
    east: Math.max(...points.map((p) => p.lng)),
  };
}

/**
 * The view that shows all of `bounds` in `size`, as Leaflet's `fitBounds` picks it: the deepest zoom,
 * in steps of `snap`, at which they fit, within `minZoom`..`maxZoom`, centred on them.
 */
export function fitView(
  bounds: Bounds,
  size: Size,
  options: { minZoom: number; maxZoom: number; snap: number },
): View {
  const nw0 = project({ lat: bounds.north, lng: bounds.west }, 0);
  const se0 = project({ lat: bounds.south, lng: bounds.east }, 0);
  const spanX = Math.max(se0.x - nw0.x, 1e-12);
  const spanY = Math.max(se0.y - nw0.y, 1e-12);
  // Within 1% of a step counts as on it, as Leaflet rounds.
  const exact =
    Math.round(Math.log2(Math.min(size.width / spanX, size.height / spanY)) / (options.snap / 100)) *
    (options.snap / 100);
  const snapped = Math.floor(exact / options.snap) * options.snap;
  const zoom = Math.min(options.maxZoom, Math.max(options.minZoom, snapped));
  const nw = project({ lat: bounds.north, lng: bounds.west }, zoom);
  const se = project({ lat: bounds.south, lng: bounds.east }, zoom);
  return { zoom, centre: { x: (nw.x + se.x) / 2, y: (nw.y + se.y) / 2 }, size };
}

/**
 * The view moved the least that keeps it inside `bounds` (Leaflet's `maxBounds`), or centred on
 * them where it is wider or taller than they are, as Leaflet limits a view's centre.
 */
export function keepInside(view: View, bounds: Bounds): View {
  const nw = project({ lat: bounds.north, lng: bounds.west }, view.zoom);
  const se = project({ lat: bounds.south, lng: bounds.east }, view.zoom);
  const half = { x: view.size.width / 2, y: view.size.height / 2 };
  const shift = (min: number, max: number, centre: number, h: number) => {
    const left = min - (centre - h);
    const right = centre + h - max;
    if (left + right > 0) return Math.round(left - right) / 2;
    return Math.max(0, Math.ceil(left)) - Math.max(0, Math.floor(right));
  };
  const dx = shift(nw.x, se.x, view.centre.x, half.x);
  const dy = shift(nw.y, se.y, view.centre.y, half.y);
  if (Math.abs(dx) <= 1 && Math.abs(dy) <= 1) return view;
  return { ...view, centre: { x: view.centre.x + dx, y: view.centre.y + dy } };
}

/** Where a point falls in the view, in pixels from its top-left corner. */
export function toScreen(view: View, p: LatLng): { x: number; y: number } {
  const w = project(p, view.zoom);
  return {
    x: w.x - view.centre.x + view.size.width / 2,
    y: w.y - view.centre.y + view.size.height / 2,
  };
}

export interface TilePlace {
  url: string;
  key: string;
  left: number;
  top: number;
  /** On-screen width and height: tiles of the nearest whole zoom, scaled to the view's. */
  size: number;
}

/**
 * The tiles that cover the view, from a `{z}/{x}/{y}` template with `{s}` chosen as Leaflet does,
 * at the nearest whole zoom no deeper than `maxZoom`.
 */
export function tilesFor(view: View, template: string, subdomains: string, maxZoom: number): TilePlace[] {
  const z = Math.min(maxZoom, Math.round(view.zoom));
  const scale = 2 ** (view.zoom - z);
  const size = TILE * scale;
  // The view's corners in world pixels at the tiles' zoom.
  const cx = view.centre.x / scale;
  const cy = view.centre.y / scale;
  const halfW = view.size.width / 2 / scale;
  const halfH = view.size.height / 2 / scale;
  const count = 2 ** z;
  const tiles: TilePlace[] = [];
  for (let ty = Math.floor((cy - halfH) / TILE); ty <= Math.floor((cy + halfH) / TILE); ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor((cx - halfW) / TILE); tx <= Math.floor((cx + halfW) / TILE); tx++) {
      const x = ((tx % count) + count) % count;
      const s = subdomains ? subdomains[Math.abs(tx + ty) % subdomains.length]! : '';
      tiles.push({
        url: template
          .replaceAll('{s}', s)
          .replaceAll('{z}', String(z))
          .replaceAll('{x}', String(x))
          .replaceAll('{y}', String(ty))
          .replaceAll('{r}', ''),
        key: `${z}/${tx}/${ty}`,
        left: (tx * TILE - cx) * scale + view.size.width / 2,
        top: (ty * TILE - cy) * scale + view.size.height / 2,
        size,
      });
    }
  }
  return tiles;
}
