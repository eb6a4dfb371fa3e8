// `npm run bench`: prints the figures of DESIGN §10 with their budgets. Not part of `npm test`; no thresholds fail.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFigures } from '../tests/bench/bundle.mjs';
import { lcpFigures } from '../tests/bench/lcp.mjs';
import { chatFigures } from '../tests/bench/chat.mjs';
import { findChromium } from './find-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const line = (name, value, budget) => console.log(`${name.padEnd(44)} ${String(value).padStart(10)}   budget ${budget}`);

const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const bundle = bundleFigures(join(root, 'dist'));
console.log('\nBundle (gzip)');
line('entry route critical-path JS', kb(bundle.entry), '<= 130 KB');
for (const chunk of bundle.lazy.slice(0, 6)) line(`  lazy ${chunk.file.replace(/-[\w-]+\.js$/, '')}`, kb(chunk.gzip), '<= 50 KB');

const port = 8400 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(join(tmpdir(), 'fichas-bench-data-'));
const server = spawn(process.execPath, [join(root, 'server/main.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
  stdio: 'ignore',
});
try {
  const origin = `http://localhost:${port}`;
  for (let i = 0; i < 100; i += 1) {
    const ready = await fetch(`${origin}/api/client/public/estado`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const lcp = await lcpFigures({ origin, chromiumPath: findChromium() });
  console.log('\nLanding on AO-3G (360 px phone, 4x CPU)');
  line('first visit LCP', `${lcp.first.lcp} ms`, '<= 4000 ms');
  line('  first visit, landing text shown', `${lcp.first.content} ms`, '(no budget)');
  line('repeat visit (service worker) LCP', `${lcp.repeat.lcp} ms`, '<= 1500 ms');
  line('  repeat visit, landing text shown', `${lcp.repeat.content} ms`, '(no budget)');
  line('offline cold start LCP', `${lcp.offline.lcp} ms`, '<= 1000 ms (shell)');
  line('  offline cold start, landing text shown', `${lcp.offline.content} ms`, '(no budget)');
  const chat = await chatFigures({ origin, chromiumPath: findChromium() });
  const spread = (figure) => `${figure.median} ms`;
  const range = (figure) => `median of ${figure.runs}, min ${figure.min}, max ${figure.max} ms`;
  console.log(`\nLong chat (${chat.stored} messages stored in one chat, 360 px phone, 4x CPU)`);
  line('open the chat from the list', spread(chat.open), '<= 300 ms');
  line(`  ${range(chat.open)}`, '', '');
  line('load 50 older messages', spread(chat.older), '<= 100 ms');
  line(`  ${range(chat.older)}`, '', '');
  line('  most message rows in the page', chat.rowsInPage, '<= 300');
  const drain = spawnSync(process.execPath, [join(root, 'tests/bench/outbox-drain.ts')], { cwd: root, encoding: 'utf8' });
  const figures = JSON.parse(drain.stdout.trim().split('\n').pop() ?? '{}');
  console.log('\nOutbox on AO-3G (500 queued messages, real server)');
  line('drained in', `${figures.seconds} s`, '<= 15 s');
  line('  requests', figures.requests, '(batches of 25)');
  line('  lost / duplicated / out of order', `${figures.lost}/${figures.duplicated}/${figures.outOfOrder}`, '0/0/0');
  console.log('\nFigures vary with machine load; run on an idle machine to compare with the budgets.');
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
