import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// Relative on purpose: Vite loads this config with plain Node, which cannot import the package's .ts.
import { BRAND, STORAGE_KEYS } from '../../packages/shared/src/constants.ts';
import { ROUTES } from '../../packages/shared/src/routes.ts';
import { bootLogo } from './scripts/boot-logo.ts';
import { compileHints } from './scripts/compile-hints.ts';
import { firstScreenChunks } from './scripts/first-screen-chunks.ts';
import { inlineEntryCss } from './scripts/inline-entry-css.ts';
import { routePreloads } from './scripts/route-preloads.ts';
import { stripHtmlComments } from './scripts/strip-html-comments.ts';
import { CACHE_NAMES } from './src/sw/cache-names.ts';

/** The API server (Fastify) that also serves /mqtt over WebSocket. */
const API_TARGET = process.env.PETTI_API_URL ?? 'http://localhost:8080';
const proxy = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/mqtt': { target: API_TARGET, ws: true, changeOrigin: true },
};

/** The screens people open the app on (docs/performance.md#first-screen-files), each named for its chunks. */
const firstScreens = firstScreenChunks({
  routerFile: new URL('./src/app/router.tsx', import.meta.url),
  routes: ROUTES,
  screens: {
    login: ROUTES.login,
    home: ROUTES.dashboard,
    cart: ROUTES.myCart,
    board: ROUTES.shopBoard,
    lockers: ROUTES.operatorLockers,
  },
});

export default defineConfig({
  plugins: [
    react(),
    firstScreens.plugin,
    bootLogo(new URL('./public/favicon.svg', import.meta.url), 64),
    inlineEntryCss(),
    compileHints(),
    routePreloads({
      routerFile: new URL('./src/app/router.tsx', import.meta.url),
      routes: ROUTES,
      lastUserKey: STORAGE_KEYS.lastUser,
      home: ROUTES.dashboard,
      signIn: ROUTES.login,
      bootRulesModule: new URL('./src/lib/boot-rules.ts', import.meta.url),
      messages: {
        en: new URL('./src/app/i18n/en.ts', import.meta.url),
        ta: new URL('./src/app/i18n/ta.ts', import.meta.url),
      },
      // The three screens a first visit most often opens (docs/performance.md#first-screens-before-any-script).
      firstScreens: [
        { path: ROUTES.login, ready: '[data-testid="page-login"]', signedIn: false },
        { path: ROUTES.dashboard, ready: '[data-testid="page-dashboard"]', signedIn: true },
        // Drawn with an empty cart: a phone holding a cart gets the splash instead.
        {
          path: ROUTES.myCart,
          ready: '[data-testid="page-myCart"]',
          signedIn: true,
          unlessStored: STORAGE_KEYS.cart,
          // A cart with lines offers delivery to a saved address: read while the app's code downloads.
          alsoRequests: ['/api/addresses'],
        },
      ],
    }),
    // After the other changes to index.html (all 'post', in this order), which use its markers.
    stripHtmlComments(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // src/app/sw-update.ts registers the worker with workbox-window
      strategies: 'generateSW',
      filename: 'sw.js',
      // globPatterns below already precaches the icons and the favicon; the plugin's
      // own additions would list each of them twice.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Petti — Sivakasi lockers & local shops',
        short_name: 'Petti',
        description: 'Book a smart locker, hold a plan and buy from local shops in Sivakasi.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: BRAND.orange,
        background_color: '#FFFFFF',
        categories: ['shopping', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The install sheet's pictures (tools/e2e/manifest-screenshots.ts makes them).
        screenshots: [
          {
            src: '/screenshots/lockers.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Lockers near you with how many are free',
          },
          {
            src: '/screenshots/shop.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'A local bakery’s products',
          },
          {
            src: '/screenshots/product.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'A sweet from Santhi Sweets',
          },
        ],
        // Long-press the icon: straight to the three things people open Petti for.
        shortcuts: [
          {
            name: 'Book a locker',
            short_name: 'Lockers',
            url: '/dashboard',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Shop',
            short_name: 'Shop',
            url: '/myComplex',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'My orders',
            short_name: 'Orders',
            url: '/profile/MyOrders',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2}'], // the plugin adds the manifest itself
        // The install sheet's screenshots are for the browser's install UI, not for offline use.
        globIgnores: ['screenshots/**'],
        navigateFallback: '/index.html',
        // Alerts outside the app: the push and notification-tap handlers (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        navigateFallbackDenylist: [/^\/api/, /^\/mqtt/],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false, // the page asks for it (Refresh in the update toast)
        runtimeCaching: [
          {
            // Sign-in, the payment provider's checkout, and anything that opens a locker or shows its
            // PIN: never from a cache.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              (/^\/api\/(auth|payments\/testpay|payments\/webhook)(\/|$)/.test(url.pathname) ||
                /^\/api\/.*\/(pin|pins|unlock|open|confirm)(\/|$)/.test(url.pathname)),
            handler: 'NetworkOnly',
          },
          {
            // The account's own pages seen before stay readable offline (docs/product.md#offline): profile,
            // payment history and receipts, plans, notifications, the complex, the locker sites it may
            // use. One user's data, in a cache purged on sign-out.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              /^\/api\/(me|payments|subscriptions|notifications|complex|complexes|locker-locations|support)(\/|$)/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: CACHE_NAMES.account,
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/bookings(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: CACHE_NAMES.bookings,
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 50, maxAgeSeconds: 7 * 24 * 60 * 60 },
            },
          },
          {
            // Orders and saved addresses: the user's own data, in a cache purged on sign-out.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/(orders|addresses)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: CACHE_NAMES.orders,
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 50, maxAgeSeconds: 7 * 24 * 60 * 60 },
            },
          },
          {
            // Map tiles seen once, from whichever tile server is configured (docs/maps.md): the maps
            // cannot be panned outside the town, so these are the town's tiles. Fetched with CORS, so
            // the cache holds real responses rather than opaque ones that count heavily on quota.
            urlPattern: ({ url }) => /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: CACHE_NAMES.mapTiles,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 600, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            },
          },
          {
            // Pictures of products and shops seen once (illustrations and shops' photos) stay for
            // offline browsing; a picture's file never changes under the same name (docs/pictures.md),
            // so the cache answers first.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              (url.pathname.startsWith('/art/') || url.pathname.startsWith('/api/products/photos/')),
            handler: 'CacheFirst',
            options: {
              cacheName: CACHE_NAMES.pictures,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/(categories|products|sellers|places|map)(\/|$)/.test(url.pathname),
            // Network first: stock and prices must be today's when online (the cart rules read them);
            // offline, the last answers keep browsing working.
            handler: 'NetworkFirst',
            options: {
              cacheName: CACHE_NAMES.catalogue,
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    // Two chunks by hand (docs/performance.md#first-screen-javascript-budgets): TanStack Query's hooks,
    // which every screen uses, in one file instead of four; and what only a signed-in app runs (the
    // live connection, alerts) in one, off the sign-in screen. Their strings stay with the
    // language's other strings.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-query', test: /node_modules\/@tanstack\/react-query\// },
            {
              name: 'signed-in',
              test: /src\/lib\/(realtime|push)\/(?!messages\.)|src\/app\/signed-in-services/,
              includeDependenciesRecursively: false,
            },
            { name: firstScreens.name, includeDependenciesRecursively: false },
          ],
        },
      },
    },
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error reports, not referenced from the files nor served (web-app.ts).
    sourcemap: 'hidden',
  },
});
