import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Puts the app icon's drawing (`public/favicon.svg`, the one source of the mark) inline into
 * index.html's splash where it says `<!--boot-logo-->`, so the first paint needs no request for it
 * (docs/performance.md#lighthouse).
 */
export function bootLogo(svgFile: URL, size: number): Plugin {
  const inline = () =>
    readFileSync(svgFile, 'utf8')
      .replace(/<title>[^<]*<\/title>\s*/, '')
      .replace('<svg ', `<svg width="${size}" height="${size}" aria-hidden="true" focusable="false" `)
      .trim();
  return {
    name: 'petti-boot-logo',
    transformIndexHtml: (html) => html.replace('<!--boot-logo-->', inline()),
  };
}
