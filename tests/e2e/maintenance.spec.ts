import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PHONE, signIn, waitForServiceWorker } from './support/helpers.ts';
import { freePort, startProcess, type ServerProcess } from './support/processes.ts';

// MAINTENANCE=on (docs/operations.md): the spec's own server runs normally, so this test starts its own, on one port
// and one data folder, restarted in and out of maintenance as an operator would.

const APP_READY = /a correr em http:\/\/localhost:\d+/;

test.use({ viewport: PHONE });

test('the app says Em manutenção while the server is in maintenance, to a signed-in user and to a visitor, and is back after', async ({
  page,
  browser,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fichas-maintenance-'));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const start = (maintenance: boolean) =>
    startProcess({
      name: maintenance ? 'maintenance' : 'app',
      script: 'server/main.ts',
      port,
      env: { DATA_DIR: dataDir, MAINTENANCE: maintenance ? 'on' : 'off' },
      ready: APP_READY,
    });
  let server: ServerProcess = await start(false);
  const heading = page.getByRole('heading', { name: 'Em manutenção' });
  try {
    await signIn(page, origin);
    await waitForServiceWorker(page);
    await expect(heading).toHaveCount(0);

    await server.kill();
    server = await start(true);
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(page.getByText('Voltamos dentro de momentos.', { exact: false })).toBeVisible();
    const status = (await (await page.request.get(`${origin}/api/client/public/estado`)).json()) as { manutencao: boolean };
    expect(status.manutencao).toBe(true);

    // Someone who never opened the app gets the same page.
    const visitor = await browser.newContext({ viewport: PHONE });
    try {
      const first = await visitor.newPage();
      await first.goto(`${origin}/explorar`);
      await expect(first.getByRole('heading', { name: 'Em manutenção' })).toBeVisible();
    } finally {
      await visitor.close();
    }

    // Maintenance over: "Tentar de novo" brings the app back, still signed in.
    await server.kill();
    server = await start(false);
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect(page.getByRole('heading', { name: 'Explorar' })).toBeVisible();
    await expect(heading).toHaveCount(0);
  } finally {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
