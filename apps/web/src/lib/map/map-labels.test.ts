import { describe, expect, it } from 'vitest';
import { type Box, pinBox, placeLabels } from './map-labels.ts';

const frame = { width: 328, height: 240 };
const size = { width: 100, height: 30 };
const pin = (key: string, x: number, y: number) => pinBox(key, { x, y });
const overlap = (a: Box, b: Box) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height;

describe('placeLabels', () => {
  it('puts a lone label right of its point, level with the pin’s tip', () => {
    const placed = placeLabels([{ key: 'a', at: { x: 100, y: 100 }, size }], [pin('a', 100, 100)], frame);
    expect(placed.get('a')).toEqual({ left: 106, top: 92, align: 'start' });
  });

  it('moves a label left of its point at the frame’s right edge, and under it at the top', () => {
    const placed = placeLabels(
      [
        { key: 'edge', at: { x: 300, y: 120 }, size },
        { key: 'top', at: { x: 160, y: 4 }, size: { width: 200, height: 30 } },
      ],
      [],
      frame,
    );
    expect(placed.get('edge')).toEqual({ left: 194, top: 112, align: 'end' });
    expect(placed.get('top')).toEqual({ left: 60, top: 8, align: 'center' });
  });

  it('never lets two labels or a label and another pin cover each other; the first asked keeps its spot', () => {
    const points = [
      { key: 'town', x: 150, y: 170 },
      { key: 'a', x: 140, y: 110 },
      { key: 'b', x: 160, y: 130 },
      { key: 'c', x: 145, y: 125 },
      { key: 'd', x: 30, y: 200 },
    ];
    const pins = points.filter((p) => p.key !== 'town').map((p) => pin(p.key, p.x, p.y));
    const placed = placeLabels(
      points.map((p) => ({ key: p.key, at: { x: p.x, y: p.y }, size })),
      pins,
      frame,
    );
    // Asked first, the town's name keeps its usual spot; the pins' names find others, or none.
    expect(placed.get('town')).toEqual({ left: 156, top: 162, align: 'start' });
    const boxes = [...placed].map(([key, at]) => ({ key, ...at, ...size }));
    for (const a of boxes) {
      expect(a.left).toBeGreaterThanOrEqual(0);
      expect(a.left + a.width).toBeLessThanOrEqual(frame.width);
      for (const b of boxes) if (a !== b) expect(overlap(a, b), `${a.key} and ${b.key}`).toBe(false);
      for (const p of pins)
        if (p.own !== a.key) expect(overlap(a, p), `${a.key} on ${p.own}'s pin`).toBe(false);
    }
    expect(placed.has('d')).toBe(true);
  });

  it('leaves a name out rather than draw it over another when no spot is free', () => {
    const small = { width: 120, height: 40 };
    const placed = placeLabels(
      [
        { key: 'first', at: { x: 6, y: 10 }, size },
        { key: 'second', at: { x: 8, y: 12 }, size },
      ],
      [],
      small,
    );
    expect([...placed.keys()]).toEqual(['first']);
  });
});
