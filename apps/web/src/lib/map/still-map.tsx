import { TOWN_BOUNDS } from '@petti/shared/constants';
import type { MapSettings } from '@petti/shared/schemas/map';
import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { mapNames, pinBox, placeLabels } from './map-labels.ts';
import type { MapMarker, MapPlace, SlippyMapProps } from './map-types.ts';
import { boundsOf, fitView, keepInside, MAP_VIEW, pad, type Size, tilesFor, toScreen } from './still-view.ts';

const NO_MARKERS: readonly MapMarker[] = [];
const NO_PLACES: readonly MapPlace[] = [];
/** Room kept for the tile provider's credit in the bottom right corner (about its size at 360 px). */
const CREDIT = { width: 200, height: 18 };
/** Keys that move or zoom a map: pressed on the still map, they wake the live one. */
const MAP_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', '+', '-', '=']);

/**
 * The view Leaflet opens on (leaflet-map.tsx): the pins with room around them, or the whole town,
 * kept within the town padded by a quarter, as Leaflet's `maxBounds` keeps it.
 */
export function openingView(markers: readonly MapMarker[], size: Size, tileMaxZoom: number | undefined) {
  const maxZoom = tileMaxZoom ?? MAP_VIEW.maxZoom;
  const { minZoom, snap } = MAP_VIEW;
  const fitted =
    markers.length > 0
      ? fitView(pad(boundsOf(markers), MAP_VIEW.pinsPad), size, {
          minZoom,
          maxZoom: Math.min(MAP_VIEW.pinsMaxZoom, maxZoom),
          snap,
        })
      : fitView(TOWN_BOUNDS, size, { minZoom, maxZoom, snap });
  return keepInside(fitted, pad(TOWN_BOUNDS, MAP_VIEW.limitPad));
}

/**
 * The map as it looks when it opens, drawn without Leaflet: its tiles, the town's outline, the
 * shopper's position and the pins, each pin a link to its page (docs/maps.md). Leaflet (40 KB) is
 * fetched only when the shopper reaches for the map itself, by touch, mouse, wheel or keys
 * (`onWake`), so a screen with a map sends no more script than it shows (docs/performance.md).
 */
export function StillMap({
  label,
  markers = NO_MARKERS,
  places = NO_PLACES,
  here = null,
  tiles,
  onWake,
}: SlippyMapProps & {
  tiles: MapSettings['tiles'];
  /** The shopper reached for the map; `focused` when by keyboard, so the live map takes the focus. */
  onWake?: (focused: boolean) => void;
}) {
  const { t } = useTranslation();
  const host = useRef<HTMLElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  // Tiles show once loaded, as Leaflet's do: one that fails leaves the plain ground, not a broken image.
  const [loadedTiles, setLoadedTiles] = useState<ReadonlySet<string>>(() => new Set());
  const tileShown = loadedTiles.size > 0;
  // Each name's size as laid out, so the names can be placed clear of each other and of the pins.
  const [labelSizes, setLabelSizes] = useState<ReadonlyMap<string, Size>>(() => new Map());
  const labelLayer = useRef<HTMLDivElement>(null);

  // Drawn for the frame's real size, and again when it changes (a phone turned on its side). The size
  // comes from the observer, which the browser calls once it has laid the page out anyway: measuring
  // here instead forced a layout in the middle of drawing the rows around the map, in the same long
  // task (docs/performance.md#shorter-tasks-on-the-dashboard). The frame's height is fixed, so
  // nothing moves meanwhile. Where no observer reports (none, or one that lays nothing out), a task
  // later it is measured.
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const sized = (width: number, height: number) => {
      if (width > 0 && height > 0)
        setSize((old) => (old?.width === width && old.height === height ? old : { width, height }));
    };
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      sized(width, height);
    };
    const later = setTimeout(measure, 0);
    if (typeof ResizeObserver === 'undefined') return () => clearTimeout(later);
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize?.[0];
      if (box) sized(box.inlineSize, box.blockSize);
      else measure();
    });
    observer.observe(element);
    return () => {
      clearTimeout(later);
      observer.disconnect();
    };
  }, []);

  const drawn = useMemo(() => {
    if (!size) return null;
    const view = openingView(markers, size, tiles?.maxZoom);
    const corner = (lat: number, lng: number) => toScreen(view, { lat, lng });
    const nw = corner(TOWN_BOUNDS.north, TOWN_BOUNDS.west);
    const se = corner(TOWN_BOUNDS.south, TOWN_BOUNDS.east);
    return {
      tiles: tiles ? tilesFor(view, tiles.url, tiles.subdomains || 'abc', tiles.maxZoom) : [],
      outline: { x: nw.x, y: nw.y, width: se.x - nw.x, height: se.y - nw.y },
      here: here ? toScreen(view, here) : null,
      names: mapNames(t('map.town'), places, markers).map((p) => ({ ...p, at: toScreen(view, p) })),
      pins: markers.map((m) => ({ marker: m, at: toScreen(view, m) })),
    };
  }, [size, markers, places, here, tiles, t]);

  // The names' sizes come from an observer too, for the same reason as the frame's: no layout forced
  // while drawing. Until a name is measured and placed it is laid out unseen.
  const nameKeys = drawn?.names.map((n) => n.key).join('\n') ?? '';
  useLayoutEffect(() => {
    const layer = labelLayer.current;
    if (!layer || !nameKeys) return;
    const spans = [...layer.querySelectorAll<HTMLElement>('[data-place]')];
    const sized = (entries: Array<{ key: string; width: number; height: number }>) =>
      setLabelSizes((old) => {
        const changed = entries.filter(({ key, width, height }) => {
          const was = old.get(key);
          return width > 0 && height > 0 && (was?.width !== width || was.height !== height);
        });
        if (changed.length === 0) return old;
        const next = new Map(old);
        for (const { key, width, height } of changed) next.set(key, { width, height });
        return next;
      });
    const measure = () =>
      sized(
        spans.map((span) => {
          const { width, height } = span.getBoundingClientRect();
          return { key: span.dataset.place ?? '', width, height };
        }),
      );
    const later = setTimeout(measure, 0);
    if (typeof ResizeObserver === 'undefined') return () => clearTimeout(later);
    const observer = new ResizeObserver((entries) =>
      sized(
        entries.map((entry) => {
          const box = entry.borderBoxSize?.[0];
          const rect = box ? null : entry.target.getBoundingClientRect();
          return {
            key: (entry.target as HTMLElement).dataset.place ?? '',
            width: box?.inlineSize ?? rect?.width ?? 0,
            height: box?.blockSize ?? rect?.height ?? 0,
          };
        }),
      ),
    );
    for (const span of spans) observer.observe(span);
    return () => {
      clearTimeout(later);
      observer.disconnect();
    };
  }, [nameKeys]);

  // Clear of each other, of the pins (each name may touch its own pin's tip, as it always sat) and
  // of the provider's credit in the corner.
  const namesAt = useMemo(() => {
    if (!drawn || !size) return null;
    const labels = drawn.names.flatMap((n) => {
      const measured = labelSizes.get(n.key);
      return measured ? [{ key: n.key, at: n.at, size: measured }] : [];
    });
    if (labels.length < drawn.names.length) return null;
    const pins = drawn.pins.map(({ marker, at }) => pinBox(marker.id, at));
    const credit = tiles
      ? [{ left: size.width - CREDIT.width, top: size.height - CREDIT.height, ...CREDIT }]
      : [];
    return placeLabels(labels, [...pins, ...credit], size);
  }, [drawn, size, labelSizes, tiles]);

  const wakeOnPointer = (event: PointerEvent) => {
    // A pin is a link: tapping it opens its page, not the live map.
    if ((event.target as Element).closest('a')) return;
    onWake?.(false);
  };
  const wakeOnKey = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && MAP_KEYS.has(event.key)) onWake?.(true);
  };

  return (
    <section
      ref={host}
      className={`slippy-map still-map${tileShown ? ' slippy-map--tiles' : ''}`}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a map pans and zooms with its keys, as Leaflet's does
      tabIndex={0}
      onPointerDown={wakeOnPointer}
      onWheel={() => onWake?.(false)}
      onKeyDown={wakeOnKey}
    >
      {drawn?.tiles.map((tile) => (
        <img
          key={tile.key}
          className={`still-map__tile${loadedTiles.has(tile.url) ? ' still-map__tile--loaded' : ''}`}
          src={tile.url}
          alt=""
          crossOrigin="anonymous"
          draggable={false}
          style={{ left: tile.left, top: tile.top, width: tile.size, height: tile.size }}
          onLoad={() => setLoadedTiles((old) => new Set(old).add(tile.url))}
        />
      ))}
      {drawn && (
        <svg className="still-map__layer" aria-hidden="true">
          <rect
            className="slippy-map__outline"
            x={drawn.outline.x}
            y={drawn.outline.y}
            width={drawn.outline.width}
            height={drawn.outline.height}
            fill="none"
            strokeWidth={2}
          />
          {drawn.here && (
            <circle className="slippy-map__me" cx={drawn.here.x} cy={drawn.here.y} r={7}>
              <title>{t('map.youAreHere')}</title>
            </circle>
          )}
        </svg>
      )}
      <div ref={labelLayer}>
        {drawn?.names.map((place) => {
          const at = namesAt?.get(place.key);
          return (
            <span
              key={place.key}
              data-place={place.key}
              className={`slippy-map__place still-map__place${at ? '' : ' still-map__place--unplaced'}`}
              style={at ? { left: at.left, top: at.top, textAlign: at.align } : { left: 0, top: 0 }}
            >
              {place.label}
            </span>
          );
        })}
      </div>
      {drawn?.pins.map(({ marker, at }) =>
        marker.href ? (
          <Link
            key={marker.id}
            to={marker.href}
            className="map-pin-host still-map__pin"
            style={pinStyle(marker.id, at)}
            aria-label={marker.label}
            title={marker.label}
            data-marker={marker.id}
          >
            <PinShape marker={marker} />
          </Link>
        ) : (
          <span
            key={marker.id}
            className="map-pin-host still-map__pin"
            style={pinStyle(marker.id, at)}
            role="img"
            aria-label={marker.label}
            title={marker.label}
            data-marker={marker.id}
          >
            <PinShape marker={marker} />
          </span>
        ),
      )}
      {tiles && (
        <div
          className="still-map__attribution"
          // The tile provider's required credit, as configured on the server (docs/maps.md).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own setting, HTML as Leaflet shows it
          dangerouslySetInnerHTML={{ __html: tiles.attribution }}
        />
      )}
    </section>
  );
}

/** Where a pin is drawn: its box, tip on its point. */
function pinStyle(id: string, at: { x: number; y: number }) {
  const { left, top } = pinBox(id, at);
  return { left, top };
}

/** A pin's drop, coloured by its state, with its count: the same markup Leaflet's pins carry. */
function PinShape({ marker }: { marker: MapMarker }) {
  return (
    <span className={`map-pin map-pin--${marker.tone ?? 'free'}`}>
      {marker.badge !== undefined && <span className="map-pin__badge">{marker.badge}</span>}
    </span>
  );
}
