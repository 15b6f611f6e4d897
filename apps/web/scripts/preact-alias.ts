/**
 * The app is written against React's API and runs on Preact (preact/compat): the same components in
 * a renderer a tenth of React DOM's size, which is most of what the first screen downloads
 * (docs/performance.md#first-screen-javascript-budgets). The build and the component tests both
 * resolve React through this list, so the tests exercise the renderer users get.
 */
export const PREACT_ALIAS = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // Libraries' stand-in for React 17's missing hook (CommonJS, requiring React; zustand/traditional
  // imports it): preact/compat has the hook.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/** Packages that import React themselves: the component tests must bundle them so the list above reaches them. */
export const REACT_USING_PACKAGES = [/react-router/, /@tanstack\/react-query/, /zustand/];
