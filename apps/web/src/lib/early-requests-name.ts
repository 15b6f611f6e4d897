/**
 * The global under which index.html's script leaves the answers to its early requests
 * (early-requests.ts). A module of its own, importing nothing, because the build's plugin
 * (apps/web/scripts/route-preloads.ts) is loaded by plain Node with Vite's config.
 */
export const EARLY_REQUESTS = '__pettiEarly';
