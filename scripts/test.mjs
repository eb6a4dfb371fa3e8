// `npm test`: every check, in order, stopping at the first failure (DESIGN §8).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (path) => join(root, 'node_modules', path);
const node = process.execPath;

const steps = [
  ['types (app, service worker, server, tests)', [bin('typescript/bin/tsc'), '-p', 'tsconfig.app.json'], [bin('typescript/bin/tsc'), '-p', 'tsconfig.sw.json'], [bin('typescript/bin/tsc'), '-p', 'tsconfig.server.json'], [bin('typescript/bin/tsc'), '-p', 'tsconfig.tests.json']],
  ['lint', [bin('eslint/bin/eslint.js'), '.']],
  ['layer rules', ['scripts/check-layers.mjs']],
  ['unused files, exports and dependencies (knip)', [bin('knip/bin/knip.js')]],
  ['translations', ['scripts/check-catalogs.mjs']],
  ['unit and server tests', [bin('vitest/vitest.mjs'), 'run']],
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
      process.exit(result.status ?? 1);
    }
  }
}
console.log(`\nnpm test: all steps passed in ${Math.round((Date.now() - started) / 1000)} s`);
