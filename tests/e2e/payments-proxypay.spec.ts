import { expect, test } from '@playwright/test';
import { LicencaResponseSchema } from '../../contract/schemas/licence.ts';
import { startFakeProxyPay, type FakeProxyPay } from '../fakes/proxypay.ts';
import { mkdirSync } from 'node:fs';
import { PHONE, signIn, signUpThroughApi } from './support/helpers.ts';
import { seriousViolations } from './support/a11y.ts';
import { freePort, startProcess, type ServerProcess } from './support/processes.ts';

// A renewal paid by Multicaixa reference: a server with PAYMENTS=proxypay against the local fake of ProxyPay's API.
// The app shows the entity, the reference and the amount with copy buttons instead of a frame; the payer pays at an
// "ATM" (the fake), ProxyPay posts the signed payment to our webhook, and the subscription page shows the renewal
// without a reload. A second payer gives the reference up with Cancelar pagamento.

test.use({ viewport: PHONE });

const SHOTS = process.env.SHOTS_DIR;

let proxy: FakeProxyPay;
let app: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  proxy = await startFakeProxyPay();
  const port = await freePort();
  app = await startProcess({
    name: 'proxypay',
    script: 'server/main.ts',
    port,
    env: {
      SEED: 'on',
      SIMULATOR: 'off',
      PAYMENTS: 'proxypay',
      PROXYPAY_URL: proxy.url,
      PROXYPAY_API_KEY: proxy.apiKey,
      PROXYPAY_ENTITY: proxy.entity,
      PUBLIC_URL: `http://localhost:${port}`,
    },
    ready: /a correr em http:\/\/localhost:\d+/,
  });
  proxy.webhookUrl = `http://localhost:${port}/api/pagamentos/proxypay/webhook`;
});

test.afterAll(async () => {
  await app?.kill('SIGTERM');
  await proxy?.close();
});

test('a renewal is paid by Multicaixa reference and the subscription page shows it', async ({ page, context }) => {
  test.setTimeout(90_000);
  const origin = `http://localhost:${app.port}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const user = await signUpThroughApi(page.request, origin);
  await signIn(page, origin, { userData: user.nomeUsuario, password: user.password });
  await page.goto(`${origin}/dashboard/licenca`);
  const licence = async () => {
    const response = await page.request.get(`${origin}/api/client/common/licenca`, { headers: { 'X-Requested-With': 'fichas' } });
    return LicencaResponseSchema.parse(await response.json()).licenca;
  };
  const before = await licence();

  await page.getByRole('button', { name: /Mensal\s*3\.800 Kz/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagamento por referência' });
  await expect(dialog).toBeVisible();
  const reference = [...proxy.references.values()].at(-1);
  if (!reference) throw new Error('no reference reserved');
  expect(reference.amount).toBe('3800.00');
  await expect(dialog.getByText(proxy.entity, { exact: true })).toBeVisible();
  await expect(dialog.getByText(reference.id.replace(/\B(?=(\d{3})+(?!\d))/g, ' '), { exact: true })).toBeVisible();
  await expect(dialog.getByText('3.800 Kz', { exact: true })).toBeVisible();
  await expect(dialog.getByText('À espera do pagamento. Quando pagar, actualizamos aqui.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/referencia-pt-360.png` });
  }
  await dialog.getByRole('button', { name: 'Copiar referência' }).click();
  await expect(dialog.getByRole('button', { name: 'Copiar referência' })).toHaveText('Copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference.id);

  // Paid at an ATM: ProxyPay posts the signed payment; the app hears of it from the server.
  expect((await proxy.pay(reference.id)).status).toBe(200);
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('A tua subscrição foi renovada').first()).toBeVisible();
  const renewed = await licence();
  expect(renewed.tipo).toBe('mensal');
  expect(Date.parse(renewed.expiraEm ?? '')).toBeGreaterThan(Date.parse(before.expiraEm ?? '') || 0);
});

test('a reference left unpaid waits in the payments list; the payer resumes it, then gives it up', async ({ page }) => {
  const origin = `http://localhost:${app.port}`;
  const user = await signUpThroughApi(page.request, origin);
  await signIn(page, origin, { userData: user.nomeUsuario, password: user.password });
  await page.goto(`${origin}/dashboard/licenca`);
  await page.getByRole('button', { name: /Mensal\s*3\.800 Kz/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagamento por referência' });
  await expect(dialog.getByRole('button', { name: 'Copiar entidade' })).toBeVisible();
  const reference = [...proxy.references.values()].at(-1);
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // Closed before paying: the payment waits on the page, and opens again with the same reference.
  const payments = page.getByRole('region', { name: 'Pagamentos' });
  const item = payments.getByRole('listitem').first();
  await expect(item).toContainText('À espera');
  await expect(item).toContainText('3.800 Kz');
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pagamentos-pt-360.png`, fullPage: true });
  await item.getByRole('button', { name: 'Continuar pagamento' }).click();
  await expect(dialog.getByText(reference?.id.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') ?? 'none', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar pagamento' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Pagamento cancelado');
  await expect(dialog.getByRole('button', { name: 'Cancelar pagamento' })).toHaveCount(0);
  expect(reference?.deleted).toBe(true);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(item).toContainText('Cancelado');
  await expect(item.getByRole('button', { name: 'Continuar pagamento' })).toHaveCount(0);
});
