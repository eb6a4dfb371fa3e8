// `npm start`: builds the app when the build is missing or older than its sources (SKIP_BUILD=1 skips it), then runs
// the server (app + API + realtime) as a child process on this Node.
//
// Stopping: Ctrl-C, or SIGINT/SIGTERM/SIGHUP sent to this process, is passed on to the child that is running (the
// build or the server); this process waits for it to end and exits with its code, so nothing is left running.
// tests/unit/tooling/start-stop.test.ts checks it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'index.html');
const SOURCES = ['src', 'sw', 'contract', 'locales', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package.json'];
// The server stops gracefully on SIGINT and SIGTERM; a hang-up (terminal closed) asks for the same graceful stop.
const FORWARDED = { SIGINT: 'SIGINT', SIGTERM: 'SIGTERM', SIGHUP: 'SIGTERM' };

let child = null;
let stopRequested = null;
for (const [received, sent] of Object.entries(FORWARDED)) {
  process.on(received, () => {
    stopRequested ??= received;
    // A terminal's Ctrl-C reaches the whole process group: the child has it already, and a second one is harmless.
    child?.kill(sent);
  });
}

/** Runs a Node script as the current child; resolves with the exit code it should pass on (128 + n for signal n). */
function run(args) {
  return new Promise((resolve) => {
    child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), stat.mtimeMs);
}

const needsBuild = !existsSync(built) || SOURCES.some((source) => newestMtime(join(root, source)) > statSync(built).mtimeMs);
if (needsBuild && process.env.SKIP_BUILD !== '1') {
  console.log('A preparar a aplicação (vite build)...');
  const code = await run([join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
  if (code !== 0 || stopRequested) process.exit(code || 128 + constants.signals[stopRequested]);
}

process.exit(await run([join(root, 'server/main.ts')]));
