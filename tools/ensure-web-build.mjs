// `npm start` serves apps/web/dist. `npm ci` builds it (the root `prepare` script); this builds it
// only when it is missing, so a start stays fast and a fresh clone always has an app to serve.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const dist = process.env.WEB_DIST ?? 'apps/web/dist';
if (!existsSync(`${dist}/index.html`)) {
  console.log('Building the web app (first start)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@petti/web'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  process.exit(result.status ?? 1);
}
