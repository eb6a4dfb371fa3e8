// The real server for the end-to-end run: the built app, a fresh database in a temporary folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'fichas-e2e-'));
const server = spawn(process.execPath, [join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
