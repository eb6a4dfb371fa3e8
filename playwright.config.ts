import { defineConfig } from '@playwright/test';

// Two workers, each with a server of its own (its own port and database, started below): most of an end-to-end
// test is waiting (on the network, the service worker, a timer), so two at a time take about half as long on two
// cores, and a test never sees what the other worker's test does to its server. A worker's tests reach their server
// through `baseURL` and tests/e2e/support/helpers.ts (PORT), both from the worker's index. E2E_WORKERS=1 runs one.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const firstPort = Number(process.env.E2E_PORT ?? 8181);
const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node tests/e2e/support/start-server.mjs',
    url: `http://localhost:${firstPort + index}/api/client/public/estado`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(firstPort + index) },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
