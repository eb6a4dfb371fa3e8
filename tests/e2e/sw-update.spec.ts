import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PHONE, waitForServiceWorker } from './support/helpers.ts';
import { seriousViolations, widerThanViewport } from './support/a11y.ts';
import { freePort, startProcess, type ServerProcess } from './support/processes.ts';

// Safe updates (docs/decisions.md "Shell"): build A is served and open in a tab; build B is deployed (the server's
// static folder is a link switched from A's folder to B's, as a deploy swaps folders: A's hashed chunks are gone from
// the server). The open tab says 'Nova versão disponível', its lazy routes still load (from its worker), and after
// Actualizar it runs B. A is deployed again: a chunk B's tab had not kept yet is gone, so the tab moves to A by itself.
// B is deployed once more: with no tab of the old version left open, the new one takes over.

const root = new URL('../..', import.meta.url).pathname;
const SHOTS = '/tmp/sw-shots';
const APP_READY = /a correr em http:\/\/localhost:\d+/;

test.use({ viewport: PHONE });

let work = '';
let server: ServerProcess | null = null;
let port = 0;

function build(id: string): string {
  const outDir = join(work, id);
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    env: { ...process.env, VITE_BUILD_ID: id },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build ${id} failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
}

/** The deploy: the server's folder now points at another build, switched in one rename. */
function deploy(id: string): void {
  const next = join(work, 'next');
  symlinkSync(join(work, id), next);
  renameSync(next, join(work, 'current'));
}

const scripts = (id: string) => new Set(readdirSync(join(work, id, 'assets')).filter((file) => file.endsWith('.js')));

/** The browser looks for a new worker on navigations; an open tab asks as the app does when shown again. */
function lookForUpdate(page: Page): Promise<void> {
  return page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
}

async function freshTab(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = mkdtempSync(join(tmpdir(), 'fichas-sw-update-'));
  build('A');
  build('B');
  symlinkSync(join(work, 'A'), join(work, 'current'));
  port = await freePort();
  server = await startProcess({ name: 'sw-update', script: 'server/main.ts', port, env: { STATIC_DIR: join(work, 'current') }, ready: APP_READY });
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await server?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a deploy is announced, the open tab keeps loading its routes, Actualizar moves it to the new version, a missing chunk moves it alone, and with no tab open the next version takes over', async ({ context }) => {
  test.setTimeout(120_000);
  const pt = `http://localhost:${port}`;
  const en = `http://en.localhost:${port}`;
  const onlyInA = [...scripts('A')].filter((file) => !scripts('B').has(file));
  // The two builds differ in their chunks: A's are not on the server once B is deployed.
  expect(onlyInA.length).toBeGreaterThan(0);

  const page = await freshTab(context, `${pt}/`);
  const english = await freshTab(context, `${en}/`);
  for (const tab of [page, english]) {
    await expect(tab.locator('html')).toHaveAttribute('data-build', 'A');
    await waitForServiceWorker(tab);
  }

  deploy('B');
  for (const tab of [page, english]) await lookForUpdate(tab);
  const prompt = page.getByRole('status').filter({ hasText: 'Nova versão disponível' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Actualizar' })).toBeVisible();
  expect(await widerThanViewport(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/update-prompt-pt-360.png` });
  // The en host words it in English once the catalogs have it; until then the pt source shows.
  await expect(english.locator('.update-prompt')).toBeVisible();
  await english.screenshot({ path: `${SHOTS}/update-prompt-en-360.png` });
  await english.close();

  // The open tab of A opens routes it had not opened yet: their chunks are A's, gone from the server, and still load.
  const before = await page.evaluate(() => performance.getEntriesByType('resource').length);
  await page.getByRole('link', { name: /entrar|login/i }).first().click();
  await expect(page.locator('#field-userData')).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, '', '/faq');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();
  const loaded = await page.evaluate(
    (from) =>
      performance
        .getEntriesByType('resource')
        .slice(from)
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/') && path.endsWith('.js'))
        .map((path) => path.slice('/assets/'.length)),
    before,
  );
  // What it loaded is A's (no file of B alone), and the screens' own chunks are among A's files gone from the server.
  const onlyInB = [...scripts('B')].filter((file) => !scripts('A').has(file));
  expect(loaded.filter((file) => onlyInB.includes(file))).toEqual([]);
  expect(loaded.filter((file) => onlyInA.includes(file) && /^(Login|Faq)-/.test(file))).toHaveLength(2);
  await expect(page.locator('html')).toHaveAttribute('data-build', 'A');

  // Actualizar: the tab reloads into B, which is now the active worker, and B's routes load. The data saver is on from
  // here (the connection's type is unknown, so metered): B's tab keeps no screen ahead, which the next step needs.
  await page.evaluate(() => localStorage.setItem('dataSaver', 'on'));
  await prompt.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-build', 'B');
  const registration = await page.evaluate(async () => {
    const current = await navigator.serviceWorker.getRegistration();
    return { waiting: current?.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
  });
  expect(registration).toEqual({ waiting: false, controlled: true });
  await expect(page.locator('.update-prompt')).toHaveCount(0);
  await page.goto(`${pt}/login`);
  await expect(page.locator('#field-userData')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-build', 'B');

  // A is deployed again while B's tab has not cached its credits chunk (not kept ahead under the data saver): opening the credits
  // finds the chunk gone from the server, so the tab moves to the waiting version by itself and reloads there.
  deploy('A');
  await lookForUpdate(page);
  await expect(page.locator('.update-prompt')).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, '', '/cliline');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('html')).toHaveAttribute('data-build', 'A');
  await expect(page.getByRole('heading', { level: 1, name: 'Créditos' })).toBeVisible();

  // B is deployed again: the open tab hears of it; once no tab of A is open, B takes over without anyone accepting.
  deploy('B');
  await lookForUpdate(page);
  await expect(page.locator('.update-prompt')).toBeVisible();
  await page.close();
  await expect
    .poll(async () => {
      const tab = await freshTab(context, `${pt}/`);
      // The page says its build once it has registered its worker, after its first screen (app/register-sw.ts).
      await expect(tab.locator('html')).toHaveAttribute('data-build', /^[AB]$/);
      const build = await tab.locator('html').getAttribute('data-build');
      await tab.close();
      return build;
    }, { timeout: 30_000 })
    .toBe('B');
});
