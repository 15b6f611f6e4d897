import type { Plugin } from 'vite';

/** A built asset's text (a stylesheet), or undefined when the bundle has no such asset. */
export function assetText(
  bundle: Record<string, { type: string; source?: string | Uint8Array }>,
  file: string,
): string | undefined {
  const asset = bundle[file];
  if (asset?.type !== 'asset' || asset.source === undefined) return undefined;
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/**
 * Puts the entry's stylesheet into index.html itself (`<style>`), in place of its `<link>`: a
 * stylesheet holds back the first paint until it arrives, and on a first visit over a slow line that
 * was one more round trip before Petti showed anything (docs/performance.md#route-preloads). About
 * 3 KB compressed; later visits get index.html from the service worker. The CSS file is still built
 * (the worker precaches it), just not asked for.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'petti-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const css = assetText(bundle as never, file);
            if (css === undefined) return tag;
            // A stylesheet cannot end the <style> element early; this one has no `</style` in it.
            if (/<\/style/i.test(css)) return tag;
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}
