import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { LicencaResponseSchema } from '../../contract/schemas/licence.ts';
import { apiUser, EN_ORIGIN, PHONE, PT_ORIGIN, signIn, signUpThroughApi, waitForServiceWorker, type User } from './support/helpers.ts';
import { seriousViolations } from './support/a11y.ts';

// The subscription page (SPEC §4 "Subscription estado", §5, §8, §9): a new user's trial, renewal through the
// embedded EMIS page, the promo code, the proof of transfer and the app-wide subscription notice.

const SHOTS = process.env.SHOTS_DIR;
const DESKTOP = { width: 1280, height: 900 };

/** The licence as the server holds it for the page's signed-in user. */
async function serverLicence(page: Page, origin = PT_ORIGIN) {
  const response = await page.request.get(`${origin}/api/client/common/licenca`, { headers: { 'X-Requested-With': 'fichas' } });
  expect(response.status()).toBe(200);
  return LicencaResponseSchema.parse(await response.json()).licenca;
}

/** The expiry as the page writes it: Angola's time, long date (src/lib/licence-rules.ts). */
function shownExpiry(iso: string, locale = 'pt-PT') {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Luanda' }).format(new Date(iso));
}

async function signedInAsNewUser(page: Page, origin = PT_ORIGIN): Promise<User> {
  const user = await signUpThroughApi(page.request, PT_ORIGIN);
  await signIn(page, origin, { userData: user.nomeUsuario, password: user.password });
  return user;
}


test('a new user reaches the subscription from the menu, sees the trial and renews it through the payment page without a reload', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signedInAsNewUser(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Subscrição' }).click();
  await expect(page).toHaveURL(/\/dashboard\/licenca$/);
  await expect(page.getByRole('heading', { name: 'Subscrição', level: 1 })).toBeVisible();

  const trial = await serverLicence(page);
  expect(trial.estado).toBe('habilitada');
  expect(trial.expiraEm).not.toBeNull();
  await expect(page.getByText('Activa', { exact: true })).toBeVisible();
  await expect(page.getByText('Período experimental')).toBeVisible();
  await expect(page.getByTestId('licence-expiry')).toHaveText(shownExpiry(trial.expiraEm ?? ''));
  // A 3-day trial is expiring from its first moment (SPEC §4).
  await expect(page.getByText('A sua subscrição termina em menos de 3 dias')).toBeVisible();

  // A page that reloaded would lose this mark; the messages the payment page posts to the app are kept beside it.
  await page.evaluate(() => {
    const marked = window as unknown as { stayed: boolean; emis: unknown[] };
    marked.stayed = true;
    marked.emis = [];
    addEventListener('message', (event) => marked.emis.push(event.data));
  });

  // With the service worker in control, the frame's navigation to /pagamentos/ must still reach the server's page.
  await waitForServiceWorker(page);
  const monthly = page.getByRole('button', { name: /Mensal\s*3\.800 Kz/ });
  await expect(page.getByRole('button', { name: /Trimestral\s*11\.000 Kz/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Anual\s*42\.000 Kz/ })).toBeVisible();
  await monthly.click();
  // The server's word for it is said once, in the payment dialog: no toast over the frame, none sending the user to
  // the page she is on.
  const dialog = page.getByRole('dialog', { name: 'Pagamento' });
  await expect(dialog.getByText('Faça o pagamento para activar a sua subscrição', { exact: true })).toBeVisible();
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ver subscrição' })).toHaveCount(0);

  const frame = dialog.frameLocator('iframe[title="Página de pagamento EMIS"]');
  await expect(frame.getByText('3.800 Kz')).toBeVisible();
  await frame.getByRole('button', { name: 'Pagar' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('A tua subscrição foi renovada').first()).toBeVisible();
  const renewed = await serverLicence(page);
  expect(renewed.tipo).toBe('mensal');
  expect(Date.parse(renewed.expiraEm ?? '')).toBeGreaterThan(Date.parse(trial.expiraEm ?? ''));
  await expect(page.getByTestId('licence-expiry')).toHaveText(shownExpiry(renewed.expiraEm ?? ''));
  await expect(page.getByRole('definition').filter({ hasText: /^Mensal$/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // The paid page told the app itself (the app also polls the payment, as a fallback).
  expect(await page.evaluate(() => (window as unknown as { emis: unknown[] }).emis)).toContainEqual(expect.objectContaining({ tipo: 'emis', estado: 'concluido' }));
  // The plan buttons come back after their 3 s pause.
  await expect(monthly).toBeEnabled();
});

test('an answer with tipo and message opens the subscription notice anywhere; a blocked licence offers nothing', async ({ page, playwright }) => {
  await page.setViewportSize(DESKTOP);
  await signedInAsNewUser(page);
  const licence = await serverLicence(page);
  const moderator = await apiUser(playwright, { userData: 'moderador', password: 'moderador123' });
  const blocked = await moderator.patch(`/api/client/moderador/licencas/${licence.id}`, { data: { accao: 'bloquear' } });
  expect(blocked.status()).toBe(200);
  await moderator.dispose();

  await page.goto(`${PT_ORIGIN}/explorar`);
  await page.getByRole('button', { name: 'Gerar palpite' }).click();
  const notice = page.getByRole('dialog', { name: 'Verifique a sua subscrição' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('A sua subscrição está bloqueada')).toBeVisible();
  await notice.getByRole('link', { name: 'Ver subscrição' }).click();
  await expect(page).toHaveURL(/\/dashboard\/licenca$/);
  await expect(notice).toBeHidden();
  await expect(page.getByText('Bloqueada', { exact: true })).toBeVisible();
  // bloqueada: nothing happens, and nothing is offered.
  await expect(page.getByRole('heading', { name: 'Renovar subscrição' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Usar código' })).toHaveCount(0);
});

test('a licence that expires while the phone holds it: the warning toast with its date, the expired notice, the popup after 2 s', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAsNewUser(page);
  const trial = await serverLicence(page);
  const expiry = Date.parse(trial.expiraEm ?? '');
  // The phone's clock a day past the trial's end: the page reads the stored habilitada licence as expirada.
  await page.clock.install({ time: expiry + 86_400_000 });
  await page.goto(`${PT_ORIGIN}/dashboard/licenca`);
  await expect(page.getByText('Expirada', { exact: true })).toBeVisible();
  await expect(page.getByText(`A sua subscrição expirou em ${shownExpiry(trial.expiraEm ?? '')}`, { exact: true })).toBeVisible();
  await expect(page.getByText('A sua subscrição expirou. Renove para voltar a criar fichas e pedir palpites.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Renovar subscrição' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Usar código' })).toBeVisible();

  const popup = page.getByRole('dialog', { name: 'Renove a sua subscrição' });
  await page.clock.fastForward(1_000);
  await expect(popup).toBeHidden();
  await page.clock.fastForward(1_500);
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: /Anual\s*42\.000 Kz/ })).toBeVisible();
  await popup.getByRole('button', { name: 'Fechar' }).click();
  await expect(popup).toBeHidden();
});

test('a promo code with a missing box is refused on the page; a whole code renews the licence', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAsNewUser(page);
  await page.goto(`${PT_ORIGIN}/dashboard/licenca`);
  await expect(page.getByTestId('licence-expiry')).toBeVisible();
  const before = await serverLicence(page);

  const codeCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('usarCodigoLicenca')) codeCalls.push(request.url());
  });
  for (const [index, character] of ['k', 'z', '1', '0'].entries()) {
    await page.getByRole('textbox', { name: `Carácter ${index + 1} do código` }).fill(character);
  }
  await expect(page.getByRole('textbox', { name: 'Carácter 1 do código' })).toHaveValue('K');
  await page.getByRole('button', { name: 'Usar código' }).click();
  await expect(page.getByText('Preencha os 5 caracteres do código')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Carácter 5 do código' })).toHaveAttribute('aria-invalid', 'true');
  expect(codeCalls).toEqual([]);

  await page.getByRole('textbox', { name: 'Carácter 5 do código' }).fill('9');
  await page.getByRole('button', { name: 'Usar código' }).click();
  await expect(page.getByText('Não foi possivel usar código de subscrição: Este código de subscrição não existe')).toBeVisible();
  // The page answers the code's refusal itself: the subscription notice does not open over it.
  await expect(page.getByRole('dialog', { name: 'Verifique a sua subscrição' })).toBeHidden();

  await page.getByRole('textbox', { name: 'Carácter 5 do código' }).fill('0');
  await page.getByRole('button', { name: 'Usar código' }).click();
  await expect(page.getByText('Código usado com sucesso')).toBeVisible();
  const after = await serverLicence(page);
  expect(after.tipo).toBe('anual');
  await expect(page.getByTestId('licence-expiry')).toHaveText(shownExpiry(after.expiraEm ?? ''));
  expect(Date.parse(after.expiraEm ?? '')).toBeGreaterThan(Date.parse(before.expiraEm ?? ''));
});

test('a proof of transfer is sent once and then shown read-only', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAsNewUser(page);
  await page.goto(`${PT_ORIGIN}/dashboard/licenca`);
  await expect(page.getByTestId('licence-expiry')).toBeVisible();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.getByRole('button', { name: 'Enviar comprovativo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Adiciona até 2 cópias do comprovativo de pagamento' })).toBeVisible();
  await page.getByLabel('Comprovativo (1 ou 2 imagens)').setInputFiles({ name: 'talao.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Comprovativo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar comprovativo' }).click();
  await expect(page.getByText('Activação solicitada com sucesso, aguarde até 30 minutos')).toBeVisible();
  await expect(page.getByText(/Comprovativo enviado em/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar comprovativo' })).toHaveCount(0);
  const licence = await serverLicence(page);
  expect(licence.transferencia.comprovativo).toHaveLength(1);
  expect(licence.transferencia.solicitacao).not.toBeNull();
});

test('offline the page shows the stored licence and says paying and codes need the network', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  await signedInAsNewUser(page);
  await page.goto(`${PT_ORIGIN}/dashboard/licenca`);
  await expect(page.getByTestId('licence-expiry')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('Pagar, enviar o comprovativo e usar um código precisam de internet', { exact: false })).toBeVisible();
  await expect(page.getByTestId('licence-expiry')).toBeVisible();
  await expect(page.getByText(/Actualizado às/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Mensal/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Usar código' })).toBeDisabled();
  await context.setOffline(false);
});

test('the subscription page has no serious accessibility problem, on a phone and a desktop, in pt and en', async ({ page }) => {
  const user = await signedInAsNewUser(page);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  for (const [origin, lang] of [
    [PT_ORIGIN, 'pt'],
    [EN_ORIGIN, 'en'],
  ] as const) {
    // Each brand host has its own cookie: sign in again on en.localhost.
    if (origin === EN_ORIGIN) await signIn(page, EN_ORIGIN, { userData: user.nomeUsuario, password: user.password });
    for (const [size, viewport] of [
      ['360', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${origin}/dashboard/licenca`);
      await expect(page.getByTestId('licence-expiry')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/licenca-${lang}-${size}.png`, fullPage: true });
    }
  }
  // The popup with the payment frame, on a phone.
  await page.setViewportSize(PHONE);
  await page.goto(`${PT_ORIGIN}/dashboard/licenca`);
  await page.getByRole('button', { name: /Anual/ }).click();
  await expect(page.getByRole('dialog', { name: 'Pagamento' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/licenca-pt-360-pagamento.png` });
});
