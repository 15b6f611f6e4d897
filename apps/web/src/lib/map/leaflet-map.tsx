import 'leaflet/dist/leaflet.css';
import { TOWN_BOUNDS } from '@petti/shared/constants';
import type { MapSettings } from '@petti/shared/schemas/map';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { LABEL_OFFSET, mapNames, PIN, pinBox, placeLabels } from './map-labels.ts';
import type { MapMarker, MapPlace, SlippyMapProps } from './map-types.ts';
import { MAP_VIEW } from './still-view.ts';
import { clampToTown, nudge } from './town-geometry.ts';

const TOWN = L.latLngBounds([TOWN_BOUNDS.south, TOWN_BOUNDS.west], [TOWN_BOUNDS.north, TOWN_BOUNDS.east]);

/** A pin drawn with the DOM (no image files): its colour from `tone`, its count as text. */
function markerIcon(marker: MapMarker): L.DivIcon {
  const pin = document.createElement('span');
  pin.className = `map-pin map-pin--${marker.tone ?? 'free'}`;
  if (marker.badge !== undefined) {
    const badge = document.createElement('span');
    badge.className = 'map-pin__badge';
    badge.textContent = marker.badge;
    pin.append(badge);
  }
  return L.divIcon({
    html: pin,
    className: 'map-pin-host',
    iconSize: [PIN.width, PIN.height],
    iconAnchor: [PIN.width / 2, PIN.height],
  });
}

const placePinIcon = L.divIcon({
  html: '<span class="map-pin map-pin--place"></span>',
  className: 'map-pin-host',
  iconSize: [PIN.width, PIN.height],
  iconAnchor: [PIN.width / 2, PIN.height],
});

// Stable empty lists, so a map given none does not redraw its pins and names on every render.
const NO_MARKERS: readonly MapMarker[] = [];
const NO_PLACES: readonly MapPlace[] = [];

/** The Leaflet side of `SlippyMap` (loaded on demand; see slippy-map.tsx). */
export default function LeafletMap({
  label,
  markers = NO_MARKERS,
  places = NO_PLACES,
  here = null,
  pin,
  onPinMove,
  pinLabel,
  tiles,
  focusOnOpen = false,
}: SlippyMapProps & {
  tiles: MapSettings['tiles'];
  /** Take the keyboard's focus once drawn: the shopper was moving the still map with the keys. */
  focusOnOpen?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const markerLayer = useRef<L.LayerGroup | null>(null);
  const placeLayer = useRef<L.LayerGroup | null>(null);
  const hereLayer = useRef<L.LayerGroup | null>(null);
  const pinMarker = useRef<L.Marker | null>(null);
  const fittedTo = useRef<string | null>(null);
  // Leaflet's handlers are bound once; they read the latest callbacks through these.
  const onPinMoveRef = useRef(onPinMove);
  onPinMoveRef.current = onPinMove;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const focusOnOpenRef = useRef(focusOnOpen);

  // The map itself, its tiles and the town's outline: made once per mount.
  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const m = L.map(host, {
      maxBounds: TOWN.pad(MAP_VIEW.limitPad),
      maxBoundsViscosity: 0.8,
      minZoom: MAP_VIEW.minZoom,
      maxZoom: tiles?.maxZoom ?? MAP_VIEW.maxZoom,
      zoomSnap: MAP_VIEW.snap,
      zoomControl: false,
    });

    m.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    m.fitBounds(TOWN);
    if (tiles) {
      const layer = L.tileLayer(tiles.url, {
        attribution: tiles.attribution,
        subdomains: tiles.subdomains || 'abc',
        maxZoom: tiles.maxZoom,
        bounds: TOWN.pad(MAP_VIEW.limitPad),
        crossOrigin: 'anonymous',
      });
      // Until a tile has loaded, the plain map (outline and place names) is what the shopper sees.
      layer.on('tileload', () => host.classList.add('slippy-map--tiles'));
      layer.addTo(m);
    }
    L.rectangle(TOWN, { className: 'slippy-map__outline', interactive: false, fill: false, weight: 2 }).addTo(
      m,
    );
    const placesPane = m.createPane('places');
    placesPane.style.zIndex = '450';
    placesPane.style.pointerEvents = 'none';
    placeLayer.current = L.layerGroup().addTo(m);
    markerLayer.current = L.layerGroup().addTo(m);
    hereLayer.current = L.layerGroup().addTo(m);
    map.current = m;
    if (focusOnOpenRef.current) host.focus();
    // The frame may have been laid out after Leaflet measured it.
    const frame = requestAnimationFrame(() => m.invalidateSize());
    return () => {
      cancelAnimationFrame(frame);
      m.remove();
      map.current = null;
      pinMarker.current = null;
      fittedTo.current = null;
    };
  }, [tiles]);

  // The zoom buttons, named in the app's language (Leaflet's own titles are English).
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const zoom = L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(m);
    return () => {
      zoom.remove();
    };
  }, [t]);

  // The town's name, its places and the pins' names, shown only while there are no tiles (map.css),
  // in a pane under the pins so a label never hides one. Laid out as on the still map, clear of each
  // other, the pins and the map's controls (map-labels.ts), again whenever the view moves.
  useEffect(() => {
    const m = map.current;
    const layer = placeLayer.current;
    if (!m || !layer) return;
    layer.clearLayers();
    const texts = mapNames(t('map.town'), places, markers).map((place) => {
      const text = document.createElement('span');
      text.className = 'slippy-map__place';
      text.textContent = place.label;
      L.marker([place.lat, place.lng], {
        pane: 'places',
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          html: text,
          className: 'slippy-map__place-host',
          iconSize: [0, 0],
          iconAnchor: [-LABEL_OFFSET.x, -LABEL_OFFSET.y],
        }),
      }).addTo(layer);
      return { place, text };
    });
    const layout = () => {
      const frame = m.getContainer().getBoundingClientRect();
      // Hidden under the tiles (map.css): nothing to lay out.
      if (texts.some(({ text }) => text.offsetParent === null)) return;
      const controls = [
        m.attributionControl.getContainer(),
        m.getContainer().querySelector('.leaflet-control-zoom'),
      ]
        .flatMap((c) => (c instanceof HTMLElement ? [c.getBoundingClientRect()] : []))
        .map((r) => ({
          left: r.left - frame.left,
          top: r.top - frame.top,
          width: r.width,
          height: r.height,
        }));
      const pins = markers.map((k) => pinBox(k.id, m.latLngToContainerPoint([k.lat, k.lng])));
      const labels = texts.map(({ place, text }) => {
        const at = m.latLngToContainerPoint([place.lat, place.lng]);
        const box = text.getBoundingClientRect();
        return { key: place.key, at: { x: at.x, y: at.y }, size: { width: box.width, height: box.height } };
      });
      const placed = placeLabels(labels, [...pins, ...controls], {
        width: frame.width,
        height: frame.height,
      });
      texts.forEach(({ text }, i) => {
        const label = labels[i]!;
        const spot = placed.get(label.key);
        // Each name's own marker puts it right of its point; the spot moves it from there.
        text.style.visibility = spot ? '' : 'hidden';
        text.style.textAlign = spot?.align ?? '';
        text.style.transform = spot
          ? `translate(${spot.left - (label.at.x + LABEL_OFFSET.x)}px, ${spot.top - (label.at.y + LABEL_OFFSET.y)}px)`
          : '';
      });
    };
    const frame = requestAnimationFrame(layout);
    m.on('zoomend moveend resize', layout);
    return () => {
      cancelAnimationFrame(frame);
      m.off('zoomend moveend resize', layout);
    };
  }, [places, markers, t]);

  // Site and shop pins: each a link to its page; the view fits them.
  useEffect(() => {
    const m = map.current;
    const layer = markerLayer.current;
    if (!m || !layer) return;
    layer.clearLayers();
    for (const marker of markers) {
      const leafletMarker = L.marker([marker.lat, marker.lng], {
        icon: markerIcon(marker),
        title: marker.label,
        keyboard: true,
        riseOnHover: true,
      }).addTo(layer);
      const node = leafletMarker.getElement();
      node?.setAttribute('aria-label', marker.label);
      node?.setAttribute('data-marker', marker.id);
      if (marker.href) {
        node?.setAttribute('role', 'link');
        const href = marker.href;
        leafletMarker.on('click', () => navigateRef.current(href));
      }
    }
    // Fit the view when the set of places changes, not when a count on a pin does: a shopper who
    // moved the map keeps their view while the free counts update.
    const placesKey = markers.map((k) => `${k.id}@${k.lat},${k.lng}`).join('|');
    if (markers.length > 0 && !pin && placesKey !== fittedTo.current) {
      fittedTo.current = placesKey;
      m.fitBounds(
        L.latLngBounds(markers.map((k) => [k.lat, k.lng] as [number, number])).pad(MAP_VIEW.pinsPad),
        {
          maxZoom: MAP_VIEW.pinsMaxZoom,
        },
      );
    }
  }, [markers, pin]);

  // The shopper's own position.
  useEffect(() => {
    const layer = hereLayer.current;
    if (!layer) return;
    layer.clearLayers();
    if (here) {
      L.circleMarker([here.lat, here.lng], { radius: 7, className: 'slippy-map__me' })
        .bindTooltip(t('map.youAreHere'))
        .addTo(layer);
    }
  }, [here, t]);

  // The pin to place: dragged, tapped into place on the map, or moved with the arrow keys.
  const hasPin = pin !== undefined;
  useEffect(() => {
    const m = map.current;
    if (!m || !hasPin) return;
    const move = (to: { lat: number; lng: number }) => onPinMoveRef.current?.(clampToTown(to));
    const marker = L.marker(m.getCenter(), {
      icon: placePinIcon,
      draggable: true,
      keyboard: true,
      autoPan: true,
    });
    marker.on('dragend', () => {
      const at = clampToTown(marker.getLatLng());
      marker.setLatLng(at);
      move(at);
    });
    marker.addTo(m);
    const node = marker.getElement();
    node?.setAttribute('data-testid', 'map-pin');
    const onKey = (event: KeyboardEvent) => {
      const step = event.shiftKey ? 100 : 20;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, step],
        ArrowDown: [0, -step],
      };
      const by = moves[event.key];
      if (!by) return;
      event.preventDefault();
      event.stopPropagation();
      move(nudge(marker.getLatLng(), by[0], by[1]));
    };
    node?.addEventListener('keydown', onKey);
    const onTap = (event: L.LeafletMouseEvent) => move(event.latlng);
    m.on('click', onTap);
    pinMarker.current = marker;
    return () => {
      node?.removeEventListener('keydown', onKey);
      m.off('click', onTap);
      marker.remove();
      pinMarker.current = null;
    };
  }, [hasPin]);

  // The pin follows its value (a search result, a drag, a key) and the view keeps it in sight.
  useEffect(() => {
    const m = map.current;
    const marker = pinMarker.current;
    if (!m || !marker || !pin) return;
    marker.setLatLng([pin.lat, pin.lng]);
    marker.getElement()?.setAttribute('aria-label', pinLabel ?? '');
    if (!m.getBounds().pad(-0.1).contains([pin.lat, pin.lng]) || m.getZoom() < 15) {
      m.setView([pin.lat, pin.lng], Math.max(m.getZoom(), 16));
    }
  }, [pin, pinLabel]);

  return <section ref={element} className="slippy-map" aria-label={label} />;
}
