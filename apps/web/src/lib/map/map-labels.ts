import { TOWN_CENTRE } from '@petti/shared/constants';
import type { MapMarker, MapPlace } from './map-types.ts';
import type { Size } from './still-view.ts';

/** A pin's size; it is drawn above its point, its tip on it (the still map and Leaflet's icons). */
export const PIN = { width: 30, height: 40 } as const;

/** A pin's box on the map, for the pin whose tip is at `at` (`own`: its marker's id). */
export const pinBox = (own: string, at: { x: number; y: number }): Box & { own: string } => ({
  own,
  left: at.x - PIN.width / 2,
  top: at.y - PIN.height,
  ...PIN,
});

/** Where a name sits from its point before it is laid out: right of it, level with a pin's tip. */
export const LABEL_OFFSET = { x: 6, y: -8 } as const;

/**
 * The names a map without tiles writes, in the order they are laid out (the most wanted first): the
 * town's, then its places', then the pins'.
 */
export function mapNames(
  town: string,
  places: readonly MapPlace[],
  markers: readonly MapMarker[],
): MapPlace[] {
  return [
    { key: 'town', label: town, lat: TOWN_CENTRE.lat, lng: TOWN_CENTRE.lng },
    ...places,
    ...markers.flatMap((k) => (k.name ? [{ key: k.id, label: k.name, lat: k.lat, lng: k.lng }] : [])),
  ];
}

/** A box on the map, in pixels from its top-left corner. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PlacedLabel {
  left: number;
  top: number;
  align: LabelAlign;
}

export interface LabelToPlace {
  key: string;
  /** The point it names: a pin's tip, a place. */
  at: { x: number; y: number };
  size: Size;
}

/** Room kept between two labels, and between a label and a pin, so neither text runs into the other. */
const GAP = 2;

/** Which way a placed label's lines lean: towards its point, since a wrapped label's box is wider than its lines. */
export type LabelAlign = 'start' | 'end' | 'center';

/**
 * Where a label may go around its point, in the order tried: to the right of the point, level with a
 * pin's tip (how every label sat before they were laid out), to its left, under it, beside the pin's
 * head on either side, and over the pin.
 */
const SPOTS: ReadonlyArray<
  (at: { x: number; y: number }, size: Size) => { left: number; top: number; align: LabelAlign }
> = [
  (at) => ({ left: at.x + LABEL_OFFSET.x, top: at.y + LABEL_OFFSET.y, align: 'start' }),
  (at, size) => ({ left: at.x - LABEL_OFFSET.x - size.width, top: at.y + LABEL_OFFSET.y, align: 'end' }),
  (at, size) => ({ left: at.x - size.width / 2, top: at.y + 4, align: 'center' }),
  (at) => ({ left: at.x + 16, top: at.y - PIN.height, align: 'start' }),
  (at, size) => ({ left: at.x - 16 - size.width, top: at.y - PIN.height, align: 'end' }),
  (at, size) => ({
    left: at.x - size.width / 2,
    top: at.y - PIN.height - GAP - size.height,
    align: 'center',
  }),
];

const overlap = (a: Box, b: Box) =>
  a.left < b.left + b.width + GAP &&
  b.left < a.left + a.width + GAP &&
  a.top < b.top + b.height + GAP &&
  b.top < a.top + a.height + GAP;

/**
 * Places the names on a map drawn without tiles (still-map.tsx) so that none covers another, a pin
 * or the frame's edge: each label, in the order given (the most wanted first), takes the first spot
 * around its point that is free; a label with no free spot is left out (the pins and the list beside
 * the map still name every place). `keepClear` are the boxes no label may cover; `own` says which of
 * them is a label's own pin, which it may touch, as it always sat against its tip.
 */
export function placeLabels(
  labels: readonly LabelToPlace[],
  keepClear: ReadonlyArray<Box & { own?: string }>,
  frame: Size,
): Map<string, PlacedLabel> {
  const placed = new Map<string, PlacedLabel>();
  const taken: Box[] = [];
  for (const label of labels) {
    const blocked = keepClear.filter((b) => b.own !== label.key);
    for (const spot of SPOTS) {
      const { align, ...corner } = spot(label.at, label.size);
      const box = { ...corner, ...label.size };
      const inside =
        box.left >= 0 &&
        box.top >= 0 &&
        box.left + box.width <= frame.width &&
        box.top + box.height <= frame.height;
      if (!inside || blocked.some((b) => overlap(box, b)) || taken.some((b) => overlap(box, b))) continue;
      placed.set(label.key, { left: box.left, top: box.top, align });
      taken.push(box);
      break;
    }
  }
  return placed;
}
