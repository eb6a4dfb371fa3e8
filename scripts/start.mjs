// `npm start`: builds the app when the build is missing or older than its sources, then runs the server
// (app + API + realtime) in this process's Node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'index.html');
const SOURCES = ['src', 'sw', 'contract', 'locales', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), stat.mtimeMs);
}

const needsBuild = !existsSync(built) || SOURCES.some((source) => newestMtime(join(root, source)) > statSync(built).mtimeMs);
if (needsBuild && process.env.SKIP_BUILD !== '1') {
  console.log('A preparar a aplicação (vite build)...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
