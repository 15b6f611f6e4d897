// Import boundaries, checked by `npm run lint`; docs/dependency-rules.md explains each rule.
//
// Every rule is "error": `npm run lint` fails on any violation.
//
// tools/lint/dependency-rules.test.ts runs every rule here at severity "error" against a small
// fixture tree, so a rule that is deleted or loosened by mistake fails the tests.

/** @import { IConfiguration } from 'dependency-cruiser' */

const SERVER = '^apps/server/src/';
const SERVER_FEATURE = `${SERVER}features/[^/]+/`;
const SERVER_FEATURE_INDEX = `${SERVER}features/[^/]+/index\\.ts$`;
const SERVER_FEATURE_SCHEMA = `${SERVER}features/[^/]+/schema\\.ts$`;
const TEST_FILE = '\\.test\\.tsx?$';
const SHARED_NODE_ONLY = '^packages/shared/src/node/';
// The composition root wires features together, so it may reach into any of them; so may the test
// helpers and the tests, which set features up piece by piece.
const SERVER_COMPOSITION_ROOT = [
  `${SERVER}(app|services|bootstrap|app-context)\\.ts$`,
  `${SERVER}test/`,
  TEST_FILE,
];

/** @type {IConfiguration} */
module.exports = {
  forbidden: [
    // The web app's layers. Code flows one way, shared -> lib -> features -> app, so a feature can be
    // understood, moved or deleted without touching its neighbours. Type-only imports count too: a
    // type from a higher layer is still a dependency on it.
    {
      name: 'web-lib-not-to-features-or-app',
      comment: 'apps/web/src/lib is the bottom layer of the web app: it must not depend on features or app.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-feature-not-to-other-feature',
      comment:
        'A web feature must not import another feature; move what they share down to lib (or packages/shared).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-not-to-app',
      comment: 'A web feature must not import apps/web/src/app; app composes the features, not the reverse.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },

    // Tools (benchmarks, browser journeys, the simulators' command lines) drive the apps from
    // outside, and packages/ are used by everyone, so neither may be a dependency of what it serves.
    {
      name: 'apps-not-to-tools',
      comment:
        'Nothing under apps/ may import tools/; move what the app needs into the app or a package (packages/shared, packages/simulators).',
      severity: 'error',
      from: { path: '^apps/' },
      to: { path: '^tools/' },
    },
    {
      name: 'packages-not-to-apps-or-tools',
      comment:
        'Nothing under packages/ may import apps/ or tools/: the packages must stay usable by the apps and the tools alike.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|tools)/' },
    },

    // The web app bundles packages/shared for the browser, where node: modules do not exist. The
    // package stays free of them (its tests excepted) except in src/node/, which holds the rules only
    // Node.js sides share (the server and the simulators); the next rule keeps that folder out of
    // the browser's reach, which is simpler to check than following which files the web app reaches.
    {
      name: 'shared-not-to-node-builtins',
      comment:
        'packages/shared runs in the browser too: no node: (or other Node.js built-in) modules outside tests and src/node/.',
      severity: 'error',
      from: { path: '^packages/shared/', pathNot: [TEST_FILE, SHARED_NODE_ONLY] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-code-not-to-shared-node',
      comment:
        'packages/shared/src/node/ is Node.js only: neither the web app nor the rest of packages/shared (which the web app bundles) may import it.',
      severity: 'error',
      from: { path: '^(apps/web|packages/shared)/', pathNot: SHARED_NODE_ONLY },
      to: { path: SHARED_NODE_ONLY },
    },

    // A cycle makes module initialisation order matter and ties the modules in it into one unit that
    // can only be changed together. Type-only edges count: a cycle closed by an `import type` is still
    // a design knot.
    {
      name: 'no-circular',
      comment: 'Import cycle; break it by moving the shared piece into a module both sides import.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },

    // A server feature's public surface is its index.ts. Its tables, repo and core are private, so a
    // feature can change its storage or internals without breaking its neighbours.
    {
      name: 'server-feature-to-feature-internals',
      comment:
        "A server feature may use another feature only through that feature's index.ts, not its schema, repo, core or other files.",
      severity: 'error',
      from: { path: `${SERVER}features/([^/]+)/`, pathNot: [SERVER_FEATURE_SCHEMA, TEST_FILE] },
      to: { path: SERVER_FEATURE, pathNot: [`${SERVER}features/$1/`, SERVER_FEATURE_INDEX] },
    },
    {
      // Foreign keys need the referenced table, so schema.ts may import another feature's schema.ts.
      name: 'server-schema-to-feature-internals',
      comment:
        "A feature's schema.ts may import another feature's schema.ts (foreign keys) or index.ts, nothing else of it.",
      severity: 'error',
      from: { path: `${SERVER}features/([^/]+)/schema\\.ts$` },
      to: {
        path: SERVER_FEATURE,
        pathNot: [`${SERVER}features/$1/`, SERVER_FEATURE_INDEX, SERVER_FEATURE_SCHEMA],
      },
    },
    {
      // db/ holds the schema index, the migrations and the demo-data loader, which need every table.
      name: 'server-db-to-feature-internals',
      comment: "apps/server/src/db may import a feature's schema.ts or index.ts, nothing else of it.",
      severity: 'error',
      from: { path: `${SERVER}db/`, pathNot: TEST_FILE },
      to: { path: SERVER_FEATURE, pathNot: [SERVER_FEATURE_INDEX, SERVER_FEATURE_SCHEMA] },
    },
    {
      name: 'server-other-to-feature-internals',
      comment: 'Server code outside the features may use a feature only through its index.ts.',
      severity: 'error',
      from: {
        path: SERVER,
        pathNot: [`${SERVER}(features|platform|db)/`, ...SERVER_COMPOSITION_ROOT],
      },
      to: { path: SERVER_FEATURE, pathNot: SERVER_FEATURE_INDEX },
    },
    {
      name: 'server-platform-not-to-features',
      comment:
        'apps/server/src/platform is infrastructure the features build on; it must not import any feature.',
      severity: 'error',
      from: { path: `${SERVER}platform/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}features/` },
    },

    // An import that cannot be resolved has no path, so every rule above would let it through
    // unseen; failing on it keeps the resolver settings below honest.
    {
      name: 'not-to-unresolvable',
      comment:
        'This import does not resolve to a file or package; fix the path (or the resolver options here).',
      severity: 'error',
      // The outside client imports the types its test generates from the API document (never
      // committed: apps/server/src/http/outside-client/outside-client.test.ts).
      from: { pathNot: '^apps/server/src/http/outside-client/book-and-order\\.ts$' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output and generated migrations are not code anyone imports by hand.
    exclude: { path: ['(^|/)node_modules/', '^apps/web/dist/', '^apps/server/drizzle/'] },
    moduleSystems: ['es6', 'cjs'],
    // Sees `import type` and other imports that TypeScript erases, so type dependencies obey the
    // layers too.
    tsPreCompilationDeps: true,
    // Compiler options shared by every workspace; no workspace uses `paths`, so resolution needs
    // nothing from the per-workspace files.
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.jsx'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
