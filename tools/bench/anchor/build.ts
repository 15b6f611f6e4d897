import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../../build/precompress.ts';

/**
 * Builds the bare React anchor (main.tsx) into `outDir` as Petti's own build is made (Vite, then
 * every file compressed once), for a Petti server to serve as its web app (`WEB_DIST`).
 */
export async function buildAnchor(outDir: string): Promise<void> {
  // Vite sets NODE_ENV=production for the build; the servers this process starts after must not inherit it.
  const nodeEnv = process.env.NODE_ENV;
  await build({
    root: fileURLToPath(new URL('.', import.meta.url)),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  await precompress(outDir);
}
