import type { LatLng } from '@petti/shared/rules/geo';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromMap, MAP_HEIGHT, MAP_WIDTH, type MapPoint, nudge, toMap } from '../../../lib/town-map.ts';

export interface MapLandmark {
  key: string;
  label: string;
  lat: number;
  lng: number;
}

/**
 * A schematic map of Sivakasi (its bounds, a grid, the landmarks the search found) with a pin that
 * can be dragged, placed with a tap, or moved with the arrow keys. It cannot leave the town.
 */
export function TownMap({
  pin,
  onChange,
  landmarks = [],
}: {
  pin: LatLng;
  onChange: (next: LatLng) => void;
  landmarks?: MapLandmark[];
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const at = toMap(pin);

  const pointFrom = (event: PointerEvent<HTMLDivElement>): MapPoint | null => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return null;
    return {
      x: ((event.clientX - box.left) / box.width) * MAP_WIDTH,
      y: ((event.clientY - box.top) / box.height) * MAP_HEIGHT,
    };
  };

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const point = pointFrom(event);
    if (point) onChange(fromMap(point));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 20 : 4;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange(nudge(pin, move[0], move[1]));
  };

  const gridX = Array.from({ length: 7 }, (_, i) => ((i + 1) * MAP_WIDTH) / 8);
  const gridY = Array.from({ length: 8 }, (_, i) => ((i + 1) * MAP_HEIGHT) / 9);

  return (
    <figure className="town-map">
      <div
        ref={frame}
        className={`town-map__frame${dragging ? ' town-map__frame--dragging' : ''}`}
        role="slider"
        tabIndex={0}
        aria-label={t('addresses.map.label')}
        aria-valuetext={t('addresses.map.value', { lat: pin.lat.toFixed(5), lng: pin.lng.toFixed(5) })}
        aria-valuenow={0}
        data-testid="town-map"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          setDragging(true);
          moveTo(e);
        }}
        onPointerMove={(e) => {
          if (dragging) moveTo(e);
        }}
        onPointerUp={(e) => {
          setDragging(false);
          e.currentTarget.releasePointerCapture(e.pointerId);
        }}
        onPointerCancel={() => setDragging(false)}
        onKeyDown={onKeyDown}
      >
        <svg className="town-map__svg" viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} aria-hidden="true">
          <rect x="0" y="0" width={MAP_WIDTH} height={MAP_HEIGHT} className="town-map__ground" />
          {gridX.map((x) => (
            <line key={`x${x}`} x1={x} x2={x} y1="0" y2={MAP_HEIGHT} className="town-map__grid" />
          ))}
          {gridY.map((y) => (
            <line key={`y${y}`} y1={y} y2={y} x1="0" x2={MAP_WIDTH} className="town-map__grid" />
          ))}
          {/* Orientation: north up, the town's name at its centre. */}
          <text x={MAP_WIDTH - 14} y="20" className="town-map__north" textAnchor="middle">
            N ↑
          </text>
          <text x={MAP_WIDTH / 2} y={MAP_HEIGHT / 2} className="town-map__town" textAnchor="middle">
            {t('addresses.map.town')}
          </text>
          {landmarks.map((l) => {
            const p = toMap(l);
            return (
              <g key={l.key} className="town-map__landmark">
                <circle cx={p.x} cy={p.y} r="3" />
                <text x={p.x + 5} y={p.y + 3}>
                  {l.label}
                </text>
              </g>
            );
          })}
          <g transform={`translate(${at.x} ${at.y})`} className="town-map__pin" data-testid="map-pin">
            <path d="M0 0c-7-10-11-15-11-21a11 11 0 0 1 22 0c0 6-4 11-11 21z" />
            <circle cx="0" cy="-21" r="4" className="town-map__pin-dot" />
          </g>
        </svg>
      </div>
      <figcaption className="town-map__caption">{t('addresses.map.hint')}</figcaption>
    </figure>
  );
}
