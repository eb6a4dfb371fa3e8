import { expect, test, type Page } from '@playwright/test';
import { EN_ORIGIN, PHONE, PT_ORIGIN, uniqueUser } from './support/helpers.ts';
import { checkScreen } from './support/a11y.ts';

// The sign-up and login forms tell every field's error at once, each under its field (tied by aria-describedby and
// aria-invalid), in the spec's words, with the first invalid field focused; the taken name and e-mail come from the
// server with the form's own rules. At 360 px, in pt and en.

test.use({ viewport: PHONE });

const TEXTS = {
  pt: {
    nameLength: 'Verifica o teu nome, usa entre 3 e 50 caracteres',
    usernameTaken: 'Este nome de usuario já está a ser usado',
    emailTaken: 'Este e-mail já está a ser usado',
    phoneInvalid: 'Verifica o teu número de telemóvel, usa 9 dígitos (ex: 923000000)',
    passwordMismatch: 'A palavra passe é diferente da sua confirmação',
    loginIdentifier: 'Verifica os detalhes que usaste, adicione o teu e-mail ou nome de usuario',
    loginPassword: 'Verifica a tua palavra passe',
    signUp: 'Criar conta',
  },
  en: {
    nameLength: 'Check your name, use 3 to 50 characters',
    usernameTaken: 'This username is already taken',
    emailTaken: 'This e-mail is already in use',
    phoneInvalid: '',
    passwordMismatch: 'The password differs from its confirmation',
    loginIdentifier: 'Check the details you used, add your e-mail or username',
    loginPassword: 'Check your password',
    signUp: 'Sign up',
  },
} as const;

/** The field's error is shown under it, with exactly this text, and the input points to it and is marked invalid. */
async function expectFieldError(page: Page, field: string, text: string) {
  const input = page.locator(`#field-${field}`);
  const error = page.locator(`#${field}-error`);
  await expect(error).toHaveText(text);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAttribute('aria-describedby', new RegExp(`(^| )${field}-error( |$)`));
  // Under its own field: inside the field's box, below its input.
  const [inputBox, errorBox] = [await input.boundingBox(), await error.boundingBox()];
  expect(errorBox?.y ?? 0).toBeGreaterThan(inputBox?.y ?? Infinity);
  await expect(page.locator('.field', { has: input }).locator('.field-error')).toHaveText(text);
}

for (const [lang, origin] of [
  ['pt', PT_ORIGIN],
  ['en', EN_ORIGIN],
] as const) {
  const text = TEXTS[lang];

  test(`sign-up shows every field's error at once, the taken name and e-mail with them, the first field focused (${lang})`, async ({ page }) => {
    await page.goto(`${origin}/login?tab=signUp`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.locator('#field-nome').fill('Al');
    await page.locator('#field-nomeUsuario').fill('demo');
    await page.locator('#field-email').fill('demo@fichas.ao');
    if (lang === 'pt') await page.locator('#field-numeroTelemovel').fill('92345');
    await page.locator('#field-password').fill('segredo123');
    await page.locator('#field-passwordConfirmacao').fill('segredo124');
    await page.locator('form button[type=submit]').click();

    await expectFieldError(page, 'nome', text.nameLength);
    await expectFieldError(page, 'nomeUsuario', text.usernameTaken);
    await expectFieldError(page, 'email', text.emailTaken);
    if (lang === 'pt') await expectFieldError(page, 'numeroTelemovel', text.phoneInvalid);
    await expectFieldError(page, 'passwordConfirmacao', text.passwordMismatch);
    await expect(page.locator('#field-password')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#field-nome')).toBeFocused();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.locator('.form-error')).toHaveCount(0);
    // With every error shown: nothing wider than the screen, no serious axe violation.
    await checkScreen(page, { name: 'sign-up-errors', lang, dir: '/tmp/shots-forms', fullPage: true, viewports: [PHONE] });
  });

  test(`sign-up the form's rules pass shows the server's taken name and e-mail together, under their fields (${lang})`, async ({ page }) => {
    const user = uniqueUser();
    await page.goto(`${origin}/login?tab=signUp`);
    await page.locator('#field-nome').fill(user.nome);
    await page.locator('#field-nomeUsuario').fill('Demo');
    await page.locator('#field-email').fill('DEMO@fichas.ao');
    if (lang === 'pt') await page.locator('#field-numeroTelemovel').fill('923000000');
    await page.locator('#field-password').fill(user.password);
    await page.locator('#field-passwordConfirmacao').fill(user.password);
    await page.getByRole('button', { name: text.signUp, exact: true }).last().click();

    await expectFieldError(page, 'nomeUsuario', text.usernameTaken);
    await expectFieldError(page, 'email', text.emailTaken);
    await expect(page.locator('#field-nomeUsuario')).toBeFocused();
    await expect(page.locator('#field-nome')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login/);
  });

  test(`login with "ab" and "123" shows both fields' errors, the identifier focused (${lang})`, async ({ page }) => {
    await page.goto(`${origin}/login`);
    await page.locator('#field-userData').fill('ab');
    await page.locator('#field-password').fill('123');
    await page.locator('form button[type=submit]').click();
    await expectFieldError(page, 'userData', text.loginIdentifier);
    await expectFieldError(page, 'password', text.loginPassword);
    await expect(page.locator('#field-userData')).toBeFocused();
    await checkScreen(page, { name: 'login-errors', lang, dir: '/tmp/shots-forms', viewports: [PHONE] });

    // Fixing the identifier alone leaves the password's error, and the focus goes to it.
    await page.locator('#field-userData').fill('demo');
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('#userData-error')).toHaveCount(0);
    await expectFieldError(page, 'password', text.loginPassword);
    await expect(page.locator('#field-password')).toBeFocused();
  });
}
