#!/usr/bin/env node
// Writes Petti's app icons as PNGs with Node built-ins only (zlib): an orange tile with a white
// locker glyph. Run from anywhere: `node apps/web/scripts/make-icons.mjs`. The PNGs are committed.
//   icon-192.png, icon-512.png         rounded tile, transparent corners ("any")
//   maskable-192.png, maskable-512.png full-bleed tile, glyph inside the 80 % safe zone ("maskable")
//   apple-touch-icon.png (180)          full-bleed tile (iOS rounds it itself)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const ORANGE = [0xf2, 0x6b, 0x1d];
const WHITE = [0xff, 0xff, 0xff];
const SAMPLES = 4; // 4×4 supersampling per pixel for smooth edges

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

/** Signed distance to a rounded rectangle centred at (cx, cy) with half sizes (hw, hh) and radius r. */
function roundedRect(x, y, cx, cy, hw, hh, r) {
  const qx = Math.abs(x - cx) - (hw - r);
  const qy = Math.abs(y - cy) - (hh - r);
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.hypot(ox, oy) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Rect by its edges [x0, x1] × [y0, y1] with radius r, as a signed distance. */
function box(x, y, x0, x1, y0, y1, r) {
  return roundedRect(x, y, (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2, r);
}

/**
 * The locker glyph in its own unit square (u right, v down): a bank of four locker doors in a
 * rounded cabinet, each door with a small handle.
 */
function glyph(u, v) {
  const stroke = 0.09;
  const half = stroke / 2;
  const outer = box(u, v, 0, 1, 0, 1, 0.14);
  const inner = box(u, v, stroke, 1 - stroke, stroke, 1 - stroke, 0.06);
  if (outer > 0) return false;
  if (inner > 0) return true; // outline
  if (Math.abs(u - 0.5) <= half || Math.abs(v - 0.5) <= half) return true; // dividers between doors
  // One handle per door, next to the hinge-free edge: a short vertical pill.
  for (const x0 of [0.33, 0.83]) {
    for (const y0 of [0.2, 0.7]) {
      if (box(u, v, x0 - 0.035, x0 + 0.035, y0, y0 + 0.12, 0.035) <= 0) return true;
    }
  }
  return false;
}

/**
 * Renders one icon. `tileRadius` is the corner radius of the orange tile as a fraction of the size
 * (0 = full bleed). `glyphHeight` is the glyph's height as a fraction of the size.
 */
function render(size, { tileRadius, glyphHeight }) {
  const aspect = 0.9; // glyph width / height
  const gh = glyphHeight;
  const gw = gh * aspect;
  const gx0 = (1 - gw) / 2;
  const gy0 = (1 - gh) / 2;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          const inTile = tileRadius === 0 || roundedRect(x, y, 0.5, 0.5, 0.5, 0.5, tileRadius) <= 0;
          if (!inTile) continue;
          tile++;
          const u = (x - gx0) / gw;
          const v = (y - gy0) / gh;
          if (u >= 0 && u <= 1 && v >= 0 && v <= 1 && glyph(u, v)) white++;
        }
      }
      const total = SAMPLES * SAMPLES;
      const i = (py * size + px) * 4;
      const w = tile === 0 ? 0 : white / tile;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(ORANGE[c] * (1 - w) + WHITE[c] * w);
      pixels[i + 3] = Math.round((255 * tile) / total);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, tileRadius: 0.22, glyphHeight: 0.56 },
  { file: 'icon-512.png', size: 512, tileRadius: 0.22, glyphHeight: 0.56 },
  // Maskable: the safe zone is a circle of radius 40 % in the centre; the glyph's corners stay inside it.
  { file: 'maskable-192.png', size: 192, tileRadius: 0, glyphHeight: 0.46 },
  { file: 'maskable-512.png', size: 512, tileRadius: 0, glyphHeight: 0.46 },
  { file: 'apple-touch-icon.png', size: 180, tileRadius: 0, glyphHeight: 0.54 },
];

mkdirSync(outDir, { recursive: true });
for (const { file, size, ...options } of ICONS) {
  const png = render(size, options);
  writeFileSync(join(outDir, file), png);
  console.log(`${file}: ${size}×${size}, ${png.length} bytes`);
}
