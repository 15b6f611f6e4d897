/**
 * index.html draws Petti's mark and name before any script runs (`#boot`), over the app; where the page
 * carries the screen being opened drawn at build time (sign-in, dashboard, cart), a copy of that screen
 * instead (apps/web/scripts/route-preloads.ts).
 * It goes once the first screen, or the page saying it failed, is up: from then on the app draws
 * everything.
 */
export function dismissBootSplash(doc: Document = document): void {
  doc.getElementById('boot')?.remove();
}
