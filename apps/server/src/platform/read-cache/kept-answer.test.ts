import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KeptAnswer, preferredEncoding } from './kept-answer.ts';

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    // The client's weights decide, not the server's liking for brotli.
    ['gzip;q=1, br;q=0.1', 'gzip'],
    ['gzip;q=0.8, br', 'br'],
    ['gzip, br', 'br'],
    ['BR', 'br'],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', null],
  ])('%j → %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('answers each header by its own q-values however many different ones arrive, twice each', () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 200; i++) {
        const header = i % 2 ? `gzip, br;q=0.${(i % 9) + 1}, x-${i}` : `gzip;q=0.${(i % 9) + 1}, br, x-${i}`;
        expect(preferredEncoding(header)).toBe(i % 2 ? 'gzip' : 'br');
      }
    }
  });
});

describe('KeptAnswer', () => {
  const json = JSON.stringify({
    products: Array.from({ length: 50 }, (_, i) => ({ id: `p${i}`, name: 'அரிசி' })),
  });
  it('compresses once per encoding, and each form reads back as the text', () => {
    const a = new KeptAnswer(json);
    const br = a.encoded('br');
    expect(a.encoded('br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(a.encoded('gzip')).toString()).toBe(json);
    expect(br.length).toBeLessThan(Buffer.byteLength(json) / 4);
  });

  it('tags the text as the ETag plugin would, whatever the encoding sent', () => {
    expect(new KeptAnswer(json).etag).toBe(`W/"${createHash('sha1').update(json).digest('base64')}"`);
  });
});
