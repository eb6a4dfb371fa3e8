// `npm test`: every check, in order, stopping at the first failure (DESIGN §8).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (path) => join(root, 'node_modules', path);
const node = process.execPath;

// The unit and server tests run in a shuffled order (files, and tests within a file), so a test that leans on an
// earlier one fails. The order comes from the commit being tested: each commit shuffles anew, and a commit runs in
// the same order on every machine (the one CI runs is the one its author ran). The seed is printed;
// FICHAS_TEST_SEED=<seed> npm test runs any order again (outside a git checkout, a random one).
const seedText = process.env.FICHAS_TEST_SEED?.trim();
if (seedText && !/^\d{1,9}$/.test(seedText)) {
  console.error(`npm test: FICHAS_TEST_SEED must be a whole number (got "${seedText}").`);
  process.exit(2);
}
function commitSeed() {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const hex = head.status === 0 ? head.stdout.trim().slice(0, 7) : '';
  return /^[0-9a-f]{7}$/.test(hex) ? Number.parseInt(hex, 16) % 1_000_000_000 : null;
}
const seed = seedText ? Number(seedText) : (commitSeed() ?? Math.floor(Math.random() * 1_000_000_000));

const steps = [
  ['types (app, service worker, server, tests)', [bin('typescript/bin/tsc'), '-p', 'tsconfig.app.json'], [bin('typescript/bin/tsc'), '-p', 'tsconfig.sw.json'], [bin('typescript/bin/tsc'), '-p', 'tsconfig.server.json'], [bin('typescript/bin/tsc'), '-p', 'tsconfig.tests.json']],
  ['lint', [bin('eslint/bin/eslint.js'), '.']],
  ['layer rules', ['scripts/check-layers.mjs']],
  ['unused files, exports and dependencies (knip)', [bin('knip/bin/knip.js')]],
  ['translations', ['scripts/check-catalogs.mjs']],
  [`unit and server tests, shuffled with seed ${seed} (FICHAS_TEST_SEED=${seed} npm test repeats the order)`, [bin('vitest/vitest.mjs'), 'run', '--sequence.shuffle', `--sequence.seed=${seed}`]],
  ['build', [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn']],
  ['end-to-end (Chromium)', ['scripts/e2e.mjs']],
];

const started = Date.now();
for (const [name, ...commands] of steps) {
  console.log(`\n=== ${name} ===`);
  for (const args of commands) {
    const result = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
    if (result.status !== 0) {
      console.error(`\nnpm test: "${name}" failed.`);
      if (name.startsWith('unit')) console.error(`npm test: the unit tests ran with seed ${seed}; FICHAS_TEST_SEED=${seed} npm test runs them in the same order.`);
      process.exit(result.status ?? 1);
    }
  }
}
console.log(`\nnpm test: all steps passed in ${Math.round((Date.now() - started) / 1000)} s`);
