import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: 'node tests/e2e/support/start-server.mjs',
    url: `http://localhost:${port}/api/client/public/estado`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
