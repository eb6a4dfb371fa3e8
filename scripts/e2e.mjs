// End-to-end tests in real Chromium through Playwright (never a downloaded browser).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { findChromium } from './find-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
let chromium;
try {
  chromium = findChromium();
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  [join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
);
process.exit(result.status ?? 1);
