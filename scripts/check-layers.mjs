// Fails when an import crosses the layer rules (`npm run layers`, and the "layer rules" step of `npm test`).
// The rules live in .dependency-cruiser.mjs; dependency-cruiser reads the real import graph (static, dynamic and
// type-only imports, re-exports), and tests/unit/tooling/layers.test.ts proves each rule with a fixture.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const args = [cli, '--config', '.dependency-cruiser.mjs', '--output-type', 'err-long', 'src', 'sw', 'server', 'contract'];
const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
if (result.status === 0) console.log('layers: ok');
process.exit(result.status ?? 1);
