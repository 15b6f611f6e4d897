import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local map tile server for the browser journeys (the machine reaches no real one): answers any
 * `/{z}/{x}/{y}.png` inside the usual ranges with a 256 px PNG of a pale ground and a street grid,
 * with CORS like a public tile server, and 404 for anything else.
 */

/** A 256 px tile: a pale ground with a street grid every 64 px. */
const TILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="#e2ecd6"/>
  ${[0, 64, 128, 192].map((p) => `<rect x="${p}" width="6" height="256" fill="#fff"/><rect y="${p}" width="256" height="6" fill="#fff"/>`).join('')}
</svg>`;

export interface TileServer {
  /** The URL template for MAP_TILE_URL. */
  template: string;
  origin: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startTileServer(): Promise<TileServer> {
  const png = await sharp(Buffer.from(TILE_SVG)).png().toBuffer();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.push(path);
    const match = /^\/(\d{1,2})\/(\d+)\/(\d+)\.png$/.exec(path);
    const z = Number(match?.[1]);
    const inRange = match && z <= 20 && Number(match[2]) < 2 ** z && Number(match[3]) < 2 ** z;
    res.setHeader('access-control-allow-origin', '*');
    if (!inRange) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    template: `${origin}/{z}/{x}/{y}.png`,
    origin,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
