// `npm start` runs the compiled server (apps/server/dist) and serves the built app (apps/web/dist).
// `npm ci` builds both (the root `prepare` script). Before a start this builds the web app only
// when it is missing, so a start stays fast and a fresh clone always has an app to serve, and
// compiles the server every time (well under a second), so a start never runs stale JavaScript.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (args) => {
  const result = spawnSync(args[0], args.slice(1), { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const dist = process.env.WEB_DIST ?? 'apps/web/dist';
if (!existsSync(`${dist}/index.html`)) {
  console.log('Building the web app (first start)…');
  run(['npm', 'run', 'build', '-w', '@petti/web']);
}
run([process.execPath, '--import', 'tsx', 'tools/build/server.ts']);
