import { expect, type APIRequest, type Page } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const PT_ORIGIN = `http://localhost:${PORT}`;
export const EN_ORIGIN = `http://en.localhost:${PORT}`;
export const PHONE = { width: 360, height: 740 };

export const DEMO = { userData: 'demo', password: 'demo12345' };

let counter = 0;
export function uniqueUser() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`.slice(-9);
  return { nome: 'Ana Bela Teste', nomeUsuario: `ana${tag}`, email: `ana${tag}@exemplo.ao`, password: 'segredo123' };
}

export async function signIn(page: Page, origin = PT_ORIGIN, user = DEMO) {
  await page.goto(`${origin}/login`);
  await page.locator('#field-userData').fill(user.userData);
  await page.locator('#field-password').fill(user.password);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/explorar$/);
}

/** Waits until the service worker controls the page and has finished precaching. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return registration.active?.state;
  });
}

/** A second user driven through the API (its own cookie jar), for what another person does meanwhile. */
export async function apiUser(playwright: { request: APIRequest }, user: { userData: string; password: string }, origin = PT_ORIGIN) {
  const request = await playwright.request.newContext({ baseURL: origin });
  const { csrfToken } = await (await request.get('/api/auth/csrf')).json();
  const signIn = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, userData: user.userData, password: user.password, callbackUrl: `${origin}/explorar`, json: 'true' },
  });
  expect(signIn.ok()).toBe(true);
  return request;
}
