import { defineConfig } from '@playwright/test';
import { FIRST_PORT, WORKER_PORT } from './tests/e2e/support/ports.ts';

// Two workers, each with a server of its own (its own port and database, started below): most of an end-to-end
// test is waiting (on the network, the service worker, a timer), so two at a time take about half as long on two
// cores, and a test never sees what the other worker's test does to its server. A worker's tests reach their server
// through `baseURL` and helpers.ts's PORT, both from tests/e2e/support/ports.ts. E2E_WORKERS=1 runs one.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${WORKER_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node tests/e2e/support/start-server.mjs',
    url: `http://localhost:${FIRST_PORT + index}/api/client/public/estado`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(FIRST_PORT + index) },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
