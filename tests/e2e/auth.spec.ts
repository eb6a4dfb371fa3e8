import { expect, test } from '@playwright/test';
import { PHONE, PT_ORIGIN, signIn, uniqueUser } from './support/helpers.ts';

test.use({ viewport: PHONE });

test('a new user signs up on a phone and lands on Explorar', async ({ page }) => {
  const user = uniqueUser();
  await page.goto(`${PT_ORIGIN}/login?tab=signUp`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await page.locator('#field-nome').fill(user.nome);
  await page.locator('#field-nomeUsuario').fill(user.nomeUsuario);
  await expect(page.getByText('Disponível').first()).toBeVisible();
  await page.locator('#field-email').fill(user.email);
  await page.locator('#field-numeroTelemovel').fill('923000000');
  await page.locator('#field-password').fill(user.password);
  await page.locator('#field-passwordConfirmacao').fill(user.password);
  await page.getByRole('button', { name: 'Criar conta', exact: true }).last().click();
  await expect(page).toHaveURL(/\/explorar$/);
  await expect(page.getByRole('heading', { name: 'Explorar' })).toBeVisible();
  await expect(page.getByText('Conta criada com sucesso')).toBeVisible();
  // Phones get the bottom menu instead of the side menus.
  await expect(page.getByRole('navigation', { name: 'Menu inferior' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
});

test('a taken username is shown as unavailable', async ({ page }) => {
  await page.goto(`${PT_ORIGIN}/login?tab=signUp`);
  await page.locator('#field-nomeUsuario').fill('demo');
  await expect(page.getByText('Indisponível')).toBeVisible();
});

test('a short password shows the spec message, on login and on sign-up', async ({ page }) => {
  await page.goto(`${PT_ORIGIN}/login`);
  await page.locator('#field-userData').fill('demo');
  await page.locator('#field-password').fill('1234567');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByText('Verifica a tua palavra passe')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  const user = uniqueUser();
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  await page.locator('#field-nome').fill(user.nome);
  await page.locator('#field-nomeUsuario').fill(user.nomeUsuario);
  await page.locator('#field-email').fill(user.email);
  await page.locator('#field-numeroTelemovel').fill('923000000');
  await page.locator('#field-password').fill('curta');
  await page.locator('#field-passwordConfirmacao').fill('curta');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByText('A palavra passe é diferente da sua confirmação').first()).toBeVisible();
});

test('a wrong password is refused with the spec message', async ({ page }) => {
  await page.goto(`${PT_ORIGIN}/login`);
  await page.locator('#field-userData').fill('demo');
  await page.locator('#field-password').fill('errada12345');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Não foi possivel iniciar sessão' }).first()).toBeVisible();
});

test('a signed-out visit to a private page goes to sign-in, then back to it', async ({ page }) => {
  await page.goto(`${PT_ORIGIN}/dashboard/fichas`);
  await expect(page).toHaveURL(/\/login\?error=SessionRequired&callbackUrl=%2Fdashboard%2Ffichas$/);
  await expect(page.getByText('Inicie sessão para continuar')).toBeVisible();
  await page.locator('#field-userData').fill('demo');
  await page.locator('#field-password').fill('demo12345');
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard\/fichas$/);
  await expect(page.getByRole('heading', { name: 'As minhas fichas' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Criadas' })).toHaveAttribute('aria-selected', 'true');
});

test('sign-out returns to the landing page and other tabs follow', async ({ page, context }) => {
  await signIn(page);
  const other = await context.newPage();
  await other.goto(`${PT_ORIGIN}/dashboard/conta`);
  await expect(other.getByRole('heading', { name: 'Definições' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Terminar sessão' }).click();
  await expect(page).toHaveURL(`${PT_ORIGIN}/`);
  await expect(other).toHaveURL(/\/login\?error=SessionRequired/);
});
