// `npm run dev`: the API server plus Vite with hot reload; Vite proxies /api to the server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const apiPort = process.env.API_PORT ?? '8080';
const children = [
  spawn(process.execPath, [join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', process.env.PORT ?? '5173'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
}));
