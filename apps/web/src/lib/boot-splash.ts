/**
 * index.html draws Petti's mark and name before any script runs (`#boot`), over the app; on the
 * sign-in screen, a copy of that screen drawn at build time instead (apps/web/scripts/route-preloads.ts).
 * It goes once the first screen, or the page saying it failed, is up: from then on the app draws
 * everything.
 */
export function dismissBootSplash(doc: Document = document): void {
  doc.getElementById('boot')?.remove();
}
