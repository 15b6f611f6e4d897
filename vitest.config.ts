import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite is single-threaded WebAssembly; two workers suit the 2-core machines we run on.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: [
            'packages/shared/src/**/*.test.ts',
            'packages/simulators/src/**/*.test.ts',
            'data/seed/**/*.test.ts',
            'tools/**/*.test.ts',
            'apps/web/scripts/**/*.test.ts',
          ],
          exclude: ['tools/e2e/**', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker, not one per file: importing the server afresh for each of
          // its 84 files was about 40% of the suite's time (docs/architecture.md#tests). Every suite
          // makes its own app, database and broker, and restores what it spies on, so no state is
          // shared through it.
          isolate: false,
          // Vitest 4 runs projects with different worker limits in separate groups.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
