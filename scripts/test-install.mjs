// `npm run test:install`: the install-level tests (vitest.install.config.ts: the packed tarball,
// the husky recipe, pre-commit's install from a clone), then the browser tests in Chromium
// (vitest.browser.config.ts). Both run even when the first fails; the exit status is the first
// failure's. `npm test` leaves all of them out.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

let status = 0;
for (const config of ['vitest.install.config.ts', 'vitest.browser.config.ts']) {
  const run = spawnSync(process.execPath, [VITEST, 'run', '-c', config, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
  if (status === 0) status = run.status ?? 1;
}
process.exit(status);
