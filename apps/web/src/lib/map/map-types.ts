import type { LatLng } from '@petti/shared/rules/geo';

/** A point on a map: a locker site or a shop, with a count or a state drawn on its pin. */
export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  /** What a screen reader says for the pin, and its tooltip. */
  label: string;
  /** The place's name, written beside the pin when the map has no tiles to show where it is. */
  name?: string;
  /** A short text on the pin (a free count). */
  badge?: string;
  /** The pin's colour: lockers free, full or offline; a shop open or closed. */
  tone?: 'free' | 'full' | 'offline' | 'open' | 'closed';
  /** The page the pin opens. */
  href?: string;
}

/** A named place drawn when there are no tiles, so the map still says where things are. */
export interface MapPlace {
  key: string;
  label: string;
  lat: number;
  lng: number;
}

export interface SlippyMapProps {
  /** The map's accessible name. */
  label: string;
  markers?: readonly MapMarker[];
  places?: readonly MapPlace[];
  /** The shopper's own position, when they asked for it. */
  here?: LatLng | null;
  /** A pin to place (the address form): dragged, tapped into place or moved with the arrow keys. */
  pin?: LatLng;
  onPinMove?: (next: LatLng) => void;
  /** The pin's accessible name. */
  pinLabel?: string;
  /** Pixels; the frame keeps this height while the map loads, so nothing below it moves. */
  height?: number;
  testId?: string;
}
