import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { PHONE, signUpThroughApi, type User } from './support/helpers.ts';
import { freePort, startProcess, type ServerProcess } from './support/processes.ts';
import { startSmtpInbox, type SmtpInbox } from '../unit/server/helpers/smtp-inbox.ts';
import { checkScreen, seriousViolations, widerThanViewport } from './support/a11y.ts';

// A 1×1 PNG: a photo well under the limit.
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// The user's own account (SPEC §7 settings, password recovery). A server of its own for this spec: its mail goes to
// a real SMTP server the test starts (smtp-server), and its DATA_DIR is the test's, where the SMS of phone
// verification is written.

const APP_READY = /a correr em http:\/\/localhost:\d+/;

let server: ServerProcess;
let inbox: SmtpInbox;
let dataDir: string;

test.use({ viewport: PHONE });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  inbox = await startSmtpInbox();
  dataDir = mkdtempSync(join(tmpdir(), 'fichas-account-'));
  server = await startProcess({
    name: 'account',
    script: 'server/main.ts',
    port: await freePort(),
    env: { DATA_DIR: dataDir, SMTP_URL: inbox.url },
    ready: APP_READY,
  });
});

test.afterAll(async () => {
  await server?.kill();
  await inbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const ptOrigin = () => `http://localhost:${server.port}`;
const enOrigin = () => `http://en.localhost:${server.port}`;

async function api(playwright: { request: APIRequest }) {
  return playwright.request.newContext({ baseURL: ptOrigin(), extraHTTPHeaders: { 'X-Requested-With': 'fichas' } });
}

/** A new account; the verification mail its sign-up sends is taken from the inbox and returned with it. */
async function newUser(request: APIRequestContext, phone = '923000000'): Promise<User & { welcome: string }> {
  const user = await signUpThroughApi(request, ptOrigin(), phone);
  const welcome = await inbox.next(user.email, 10_000);
  return { ...user, welcome: welcome.text };
}

async function signIn(page: Page, userData: string, password: string, origin = ptOrigin()) {
  await page.goto(`${origin}/login`);
  await page.locator('#field-userData').fill(userData);
  await page.locator('#field-password').fill(password);
  await page.locator('form button[type=submit]').click();
}

async function signedIn(page: Page, user: User, origin = ptOrigin()) {
  await signIn(page, user.nomeUsuario, user.password, origin);
  await expect(page).toHaveURL(/\/explorar$/);
}

/** Whether the browser context's cookie still holds a session on the server. */
async function hasSession(request: APIRequestContext): Promise<boolean> {
  const session = (await (await request.get(`${ptOrigin()}/api/auth/session`)).json()) as { user?: unknown } | null;
  return Boolean(session?.user);
}

function resetLinkOf(text: string): string {
  const link = /https?:\/\/[^\s"<>]+\/login\?redefinir=[A-Za-z0-9_\-%.~]+/.exec(text)?.[0];
  expect(link, `a reset link in the mail:\n${text}`).toBeDefined();
  return link ?? '';
}

async function openSettings(page: Page, origin = ptOrigin()) {
  await page.goto(`${origin}/dashboard/conta`);
  await expect(page.locator('#field-nome')).toBeVisible();
}



test('forgot password: the mail arrives, its link sets a new password once, the old password fails and the new one works', async ({
  page,
  playwright,
}) => {
  const request = await api(playwright);
  const user = await newUser(request);
  await page.goto(`${ptOrigin()}/login`);
  await page.getByRole('tab', { name: 'Alterar palavra passe' }).click();
  await page.locator('#field-identifier').fill(user.email);
  await page.getByRole('button', { name: 'Enviar e-mail de recuperação' }).click();
  await expect(page.getByRole('status')).toHaveText('Se existir uma conta com esses dados, enviámos as instruções para o e-mail dela');

  const mail = await inbox.next(user.email, 10_000);
  const link = resetLinkOf(mail.text);
  expect(new URL(link).origin).toBe(ptOrigin());

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Nova palavra passe' })).toBeVisible();
  await page.locator('#field-password').fill('curta');
  await page.locator('#field-passwordConfirmacao').fill('curta');
  await page.getByRole('button', { name: 'Guardar nova palavra passe' }).click();
  await expect(page.locator('#password-error')).toHaveText('Verifica a tua palavra passe');
  await page.locator('#field-password').fill('novasenha123');
  await page.locator('#field-passwordConfirmacao').fill('outrasenha123');
  await page.getByRole('button', { name: 'Guardar nova palavra passe' }).click();
  await expect(page.locator('#passwordConfirmacao-error')).toHaveText('A palavra passe é diferente da sua confirmação');
  await page.locator('#field-passwordConfirmacao').fill('novasenha123');
  await page.getByRole('button', { name: 'Guardar nova palavra passe' }).click();
  await expect(page.getByTestId('reset-done')).toHaveText('Palavra passe alterada com sucesso');
  await expect(page.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(`${ptOrigin()}/login`);

  await signIn(page, user.nomeUsuario, user.password);
  await expect(page.locator('form [role=alert]').first()).toHaveText('Não foi possivel iniciar sessão');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, user.nomeUsuario, 'novasenha123');
  await expect(page).toHaveURL(/\/explorar$/);

  // The same link a second time: spent. It also shows to a signed-in user, who is not sent away from it.
  await page.goto(link);
  await page.locator('#field-password').fill('terceira123');
  await page.locator('#field-passwordConfirmacao').fill('terceira123');
  await page.getByRole('button', { name: 'Guardar nova palavra passe' }).click();
  await expect(page.locator('form [role=alert]').first()).toHaveText('Esta ligação de recuperação é inválida ou já expirou, pede outra');
  expect(await hasSession(page.request)).toBe(true);
  await request.dispose();
});

test('with the SMTP server down, recovery says the mail could not be sent and the server keeps answering', async ({ page, playwright }) => {
  // A server of its own whose SMTP_URL points at a port nobody listens on.
  const dead = await startProcess({
    name: 'account-no-smtp',
    script: 'server/main.ts',
    port: await freePort(),
    env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
    ready: APP_READY,
  });
  try {
    const origin = `http://localhost:${dead.port}`;
    const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { 'X-Requested-With': 'fichas' } });
    const user = await signUpThroughApi(request, origin);
    await page.goto(`${origin}/login?tab=forgot`);
    await page.locator('#field-identifier').fill(user.nomeUsuario);
    await page.getByRole('button', { name: 'Enviar e-mail de recuperação' }).click();
    await expect(page.locator('#identifier-error')).toHaveText('Não foi possivel enviar o e-mail de recuperação');
    await expect(page.getByText('Se existir uma conta com esses dados, enviámos as instruções para o e-mail dela')).toHaveCount(0);
    expect((await request.get('/api/client/public/estado')).status()).toBe(200);
    await request.dispose();
  } finally {
    await dead.kill();
  }
});

test('changing the password in settings ends a second browser session; a wrong current password gets its message', async ({
  page,
  browser,
  playwright,
}) => {
  const request = await api(playwright);
  const user = await newUser(request);
  const other = await browser.newContext({ viewport: PHONE });
  const otherPage = await other.newPage();
  await signedIn(otherPage, user);
  await signedIn(page, user);
  await openSettings(page);

  await page.locator('#field-passwordActual').fill('errada12345');
  await page.locator('#field-password').fill('mudada12345');
  await page.locator('#field-passwordConfirmacao').fill('mudada12345');
  await page.getByRole('button', { name: 'Alterar palavra passe' }).click();
  await expect(page.locator('#passwordActual-error')).toHaveText('A palavra passe actual está errada');
  expect(await hasSession(otherPage.request)).toBe(true);

  await page.locator('#field-passwordActual').fill(user.password);
  await page.getByRole('button', { name: 'Alterar palavra passe' }).click();
  await expect(page.getByText('Palavra passe alterada com sucesso')).toBeVisible();
  await expect(page.locator('#field-passwordActual')).toHaveValue('');

  // This browser keeps its (renewed) session; the other one's is over, and its app sends it to sign in.
  expect(await hasSession(page.request)).toBe(true);
  await page.reload();
  await expect(page.locator('#field-nome')).toBeVisible();
  expect(await hasSession(otherPage.request)).toBe(false);
  await otherPage.goto(`${ptOrigin()}/dashboard/conta`);
  await expect(otherPage).toHaveURL(/\/login\?.*error=SessionRequired/);
  await other.close();
  await request.dispose();
});

test('settings: the spec limits on name and photo, a name change waits offline and goes when back online, the password says it needs a connection', async ({
  page,
  context,
  playwright,
}) => {
  const request = await api(playwright);
  const user = await newUser(request);
  await signedIn(page, user);
  await openSettings(page);
  await expect(page.locator('#field-nome')).toHaveValue(user.nome);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await widerThanViewport(page)).toBe(false);

  await page.locator('#field-nome').fill('Al');
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(page.locator('#nome-error')).toHaveText('Verifica o teu nome, usa entre 3 e 50 caracteres');

  await page.locator('#field-fotografia').setInputFiles({ name: 'grande.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(1_000_001, 1) });
  await expect(page.locator('#fotografia-error')).toHaveText('Usa uma fotografia mais leve');

  // A light photo is sent and the server keeps it (served from its own address, not the data URL).
  await page.locator('#field-fotografia').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  await expect(page.locator('#fotografia-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(page.locator('#nome-error')).toHaveText('Verifica o teu nome, usa entre 3 e 50 caracteres');
  await page.locator('#field-nome').fill(user.nome);
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  const photo = async () =>
    ((await (await page.request.get(`${ptOrigin()}/api/client/common/perfil/mostrarMeuPerfil`)).json()) as { usuario: { fotografia: string | null } })
      .usuario.fotografia;
  await expect.poll(photo).toMatch(/^\/|^https?:/);

  await context.setOffline(true);
  await expect(page.getByText('Precisas de rede para alterar a palavra passe.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alterar palavra passe' })).toBeDisabled();
  await page.locator('#field-nome').fill('Ana Nova Nome');
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(page.getByTestId('account-sync')).toHaveText('Alteração guardada neste telemóvel, à espera de rede para ser enviada.');
  const profile = async () =>
    ((await (await page.request.get(`${ptOrigin()}/api/client/common/perfil/mostrarMeuPerfil`)).json()) as { usuario: { nome: string } }).usuario.nome;
  expect(await profile()).toBe(user.nome);

  await context.setOffline(false);
  await expect(page.getByTestId('account-sync')).toHaveCount(0);
  await expect.poll(profile).toBe('Ana Nova Nome');
  await page.reload();
  await expect(page.locator('#field-nome')).toHaveValue('Ana Nova Nome');
  await request.dispose();
});

function newestSms(): string {
  const folder = join(dataDir, 'sms');
  const [newest] = readdirSync(folder).sort().reverse();
  expect(newest, 'an SMS written under DATA_DIR/sms').toBeDefined();
  return readFileSync(join(folder, newest ?? ''), 'utf8');
}

test('the phone is verified with the code sent to it; the e-mail can be sent its confirmation link again', async ({ page, playwright }) => {
  const request = await api(playwright);
  const user = await newUser(request, '923111222');
  await signedIn(page, user);
  await openSettings(page);
  await expect(page.getByTestId('email-state')).toHaveText('Por confirmar');
  // The sign-up mailed a link a moment ago: asking again so soon gets the server's wait.
  await page.getByRole('button', { name: 'Enviar de novo a ligação de confirmação' }).click();
  await expect(page.getByText('Aguarde um minuto antes de pedir outra ligação')).toBeVisible();
  const verifyLink = /https?:\/\/\S+\/api\/auth\/verificarEmail\/\S+/.exec(user.welcome)?.[0] ?? '';
  expect(verifyLink, user.welcome).not.toBe('');
  await page.goto(verifyLink);
  await expect(page).toHaveURL(/\/explorar$/);
  await openSettings(page);
  await expect(page.getByTestId('email-state')).toHaveText('Confirmado');
  await expect(page.getByRole('button', { name: 'Enviar de novo a ligação de confirmação' })).toHaveCount(0);

  await page.locator('#field-numeroTelemovel').fill('92345');
  await page.getByRole('button', { name: 'Guardar número' }).click();
  await expect(page.locator('#numeroTelemovel-error')).toHaveText('Verifica o teu número de telemóvel, usa 9 dígitos (ex: 923000000)');
  await page.locator('#field-numeroTelemovel').fill('923111222');

  await expect(page.getByTestId('phone-state')).toHaveText('Por verificar');
  await page.getByRole('button', { name: 'Enviar código de verificação' }).click();
  await expect(page.getByText('Enviámos um código de verificação para o teu número')).toBeVisible();
  await page.locator('#field-codigo').fill('000000');
  await page.getByRole('button', { name: 'Verificar número' }).click();
  await expect(page.locator('#codigo-error')).toHaveText('Código de verificação inválido ou expirado');
  const code = /\b(\d{6})\b/.exec(newestSms())?.[1] ?? '';
  await page.locator('#field-codigo').fill(code);
  await page.getByRole('button', { name: 'Verificar número' }).click();
  await expect(page.getByTestId('phone-state')).toHaveText('Verificado');
  await request.dispose();
});

test('sign out of every device: this phone goes to the landing page and no session is left', async ({ page, browser, playwright }) => {
  const request = await api(playwright);
  const user = await newUser(request);
  const other = await browser.newContext({ viewport: PHONE });
  await signedIn(await other.newPage(), user);
  await signedIn(page, user);
  await openSettings(page);
  await page.getByRole('button', { name: 'Terminar sessão em todos os dispositivos' }).click();
  await page.getByRole('alertdialog', { name: 'Terminar sessão em todos os dispositivos' }).getByRole('button', { name: 'Terminar sessões' }).click();
  await expect(page).toHaveURL(`${ptOrigin()}/`);
  expect(await hasSession(page.request)).toBe(false);
  expect(await hasSession(other.request)).toBe(false);
  await other.close();
  await request.dispose();
});

test('a Google sign-in refused for an unconfirmed e-mail says how to link it', async ({ page }) => {
  await page.goto(`${ptOrigin()}/login?error=OAuthAccountNotLinked`);
  await expect(page.getByRole('status')).toHaveText(
    'Este e-mail já tem uma conta. Inicia sessão com a palavra passe e confirma o teu e-mail para ligar o Google.',
  );
});

test('screens at 360 px and desktop, in pt and en, fit their width', async ({ browser, playwright }) => {
  const request = await api(playwright);
  const user = await newUser(request);
  const dir = test.info().outputPath();
  for (const [origin, lang] of [
    [ptOrigin(), 'pt'],
    [enOrigin(), 'en'],
  ] as const) {
    // One page per language, checked at both widths by resizing it.
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signedIn(page, user, origin);
    await openSettings(page, origin);
    await expect(page.getByTestId('store-size')).toBeVisible();
    // Settings are measured by axe in their own test above.
    await checkScreen(page, { name: 'settings', lang, dir, fullPage: true, axe: false });
    await page.goto(`${origin}/login?redefinir=exemplo`);
    await expect(page.locator('#field-passwordConfirmacao')).toBeVisible();
    await checkScreen(page, { name: 'reset', lang, dir, fullPage: true });
    await context.close();
  }
  await request.dispose();
});
