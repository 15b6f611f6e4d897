import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server. This file sits one folder below it as source (src/paths.ts) and so does the compiled
 * bundle it ends up in (dist/main.js, docs/deploy.md#production-build), so one rule finds the
 * folder either way; files the server reads at run time are found from here, not from the file
 * that reads them, whose place changes once bundled.
 */
export const SERVER_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** Drizzle's generated migrations (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/** The demo data files (data/seed at the repository's root). */
export const SEED_DIR = join(SERVER_ROOT, '..', '..', 'data', 'seed');

/** The embedded database's folder inside DATA_DIR. */
export const pgliteDataDir = (dataDir: string): string => join(dataDir, 'pglite');

/**
 * V8's options for the embedded database's process (docs/performance.md#memory). PostgreSQL compiled
 * to WebAssembly is a 9 MB module: V8 compiles what runs with its baseline compiler (Liftoff) and then
 * the hot functions again with its optimising one, and both copies stay in memory. Without Liftoff
 * each function is compiled once, optimised, when first called: the idle process measured 155–184 MB
 * against 200–240 MB, and a loop of reads and writes ran as fast or faster. The process's own
 * JavaScript only carries bytes between the socket and PostgreSQL, short-lived and small, so a young
 * generation of 1 MB semi-spaces (Node's default is 16) is enough: 145–168 MB resident idle instead
 * of about 181, with orders placed as fast (409–457/s against 413/s the same hour). An unknown option stops
 * Node at start, so a Node without one fails the database process's own tests at once.
 */
export const PGLITE_CHILD_V8_OPTIONS = ['--no-liftoff', '--max-semi-space-size=1'] as const;

/**
 * The embedded database's process (db/pglite-child.ts): TypeScript beside this file when the server
 * runs from source (through tsx), its own compiled file beside the bundle otherwise.
 */
export const PGLITE_CHILD = fileURLToPath(import.meta.url).endsWith('.ts')
  ? {
      script: join(SERVER_ROOT, 'src', 'db', 'pglite-child.ts'),
      execArgv: [...PGLITE_CHILD_V8_OPTIONS, '--import', 'tsx'],
    }
  : {
      script: join(SERVER_ROOT, 'dist', 'pglite-child.js'),
      execArgv: [...PGLITE_CHILD_V8_OPTIONS, '--enable-source-maps'],
    };
