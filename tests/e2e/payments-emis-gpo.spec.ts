import { expect, test } from '@playwright/test';
import { LicencaResponseSchema } from '../../contract/schemas/licence.ts';
import { startFakeGpo, type FakeGpo } from '../fakes/emis-gpo.ts';
import { PHONE, signIn, signUpThroughApi } from './support/helpers.ts';
import { freePort, startProcess, type ServerProcess } from './support/processes.ts';

// A renewal paid through EMIS GPO: a server with PAYMENTS=emis-gpo against the local fake of GPO's portal. The app's
// payment frame opens GPO's frame (allowed by the page's CSP), the payer presses Pagar there, GPO posts the outcome to
// our callback, and the subscription page shows the renewal without a reload.

test.use({ viewport: PHONE });

let gpo: FakeGpo;
let app: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  gpo = await startFakeGpo();
  const port = await freePort();
  app = await startProcess({
    name: 'emis-gpo',
    script: 'server/main.ts',
    port,
    env: {
      SEED: 'on',
      SIMULATOR: 'off',
      PAYMENTS: 'emis-gpo',
      EMIS_GPO_URL: gpo.url,
      EMIS_GPO_FRAME_TOKEN: gpo.frameToken,
      EMIS_GPO_POS_ID: gpo.posId,
      PUBLIC_URL: `http://localhost:${port}`,
    },
    ready: /a correr em http:\/\/localhost:\d+/,
  });
});

test.afterAll(async () => {
  await app?.kill('SIGTERM');
  await gpo?.close();
});

test('a renewal is paid in EMIS GPO’s frame and the subscription page shows it', async ({ page }) => {
  const origin = `http://localhost:${app.port}`;
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const user = await signUpThroughApi(page.request, origin);
  await signIn(page, origin, { userData: user.nomeUsuario, password: user.password });
  await page.goto(`${origin}/dashboard/licenca`);
  const licence = async () => {
    const response = await page.request.get(`${origin}/api/client/common/licenca`, { headers: { 'X-Requested-With': 'fichas' } });
    return LicencaResponseSchema.parse(await response.json()).licenca;
  };
  const before = await licence();

  await page.getByRole('button', { name: /Mensal\s*3\.800 Kz/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagamento' });
  const frame = dialog.frameLocator('iframe[title="Página de pagamento EMIS"]');
  await expect(frame.getByRole('heading', { name: 'Multicaixa Express' })).toBeVisible();
  await expect(frame.getByText('Montante 3800 AOA')).toBeVisible();
  expect(gpo.frames.at(-1)?.amount).toBe(3800);
  await frame.getByRole('button', { name: 'Pagar' }).click();

  // GPO's frame says nothing to the app (another origin): the app learns it from the server.
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText('A tua subscrição foi renovada').first()).toBeVisible();
  const renewed = await licence();
  expect(renewed.tipo).toBe('mensal');
  expect(Date.parse(renewed.expiraEm ?? '')).toBeGreaterThan(Date.parse(before.expiraEm ?? '') || 0);
  expect(violations).toEqual([]);
});
