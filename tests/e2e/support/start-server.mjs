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
  // The whole suite comes from one address and signs up and in far more often than a person would; the limits
  // themselves are tested by their own suites (tests/unit/server/rate-limits.test.ts), so here they are wide. Long
  // chats are written through the API by a few people (tests/e2e/chat-paging.spec.ts), far faster than anyone types.
  env: {
    RATE_LIMIT_SIGNUP_ADDRESS: '10000/1h',
    RATE_LIMIT_SIGNIN_ADDRESS: '10000/15m',
    RATE_LIMIT_SIGNIN_ACCOUNT: '10000/15m',
    RATE_LIMIT_RECOVERY_ADDRESS: '10000/1h',
    RATE_LIMIT_MESSAGES_USER: '100000/1m',
    ...process.env,
    DATA_DIR: dataDir,
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
