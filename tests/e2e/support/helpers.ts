import { expect, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { UpdatesResponseSchema } from '../../../contract/schemas/profile.ts';

import { WORKER_PORT } from './ports.ts';

/** The server of this worker (playwright.config.ts starts one per worker). */
export const PORT = WORKER_PORT;
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

export type User = ReturnType<typeof uniqueUser>;

/**
 * A new account made through the API as the sign-up form makes it (with a phone number, which the pt host asks
 * for). The request context keeps the new session's cookie.
 */
export async function signUpThroughApi(request: APIRequestContext, origin: string, phone = '923000000'): Promise<User> {
  const user = uniqueUser();
  const created = await request.post(`${origin}/api/auth/signup`, {
    headers: { 'X-Requested-With': 'fichas' },
    data: {
      fotografia: null,
      nome: user.nome,
      nomeUsuario: user.nomeUsuario,
      email: { email: user.email },
      numeroTelemovel: { numero: phone },
      password: user.password,
      passwordConfirmacao: user.password,
      referrer: null,
    },
  });
  expect(created.status()).toBe(201);
  return user;
}

export async function signIn(page: Page, origin = PT_ORIGIN, user = DEMO) {
  await page.goto(`${origin}/login`);
  await page.locator('#field-userData').fill(user.userData);
  await page.locator('#field-password').fill(user.password);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/explorar$/);
}

/**
 * Waits until the service worker controls the page and has finished precaching, and has fetched the other screens'
 * files (what the app asks it to do when idle: sw/precache.ts WARM), so every screen opens offline.
 */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    const controller = navigator.serviceWorker.controller;
    if (controller) {
      await new Promise<unknown>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        controller.postMessage({ type: 'WARM' }, [channel.port2]);
      });
    }
    return registration.active?.state;
  });
}

/**
 * A user driven through the API from the test (its own cookie jar): what another person does meanwhile, or what the
 * server holds. It marks its calls as the app does, so the spec's mutating GETs are not refused as cross-site, and
 * opens a connection per call: a kept-alive one the server closes after 5 s idle can be reused just as it goes.
 */
export async function apiUser(playwright: { request: APIRequest }, user: { userData: string; password: string }, origin = PT_ORIGIN) {
  const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { 'X-Requested-With': 'fichas', Connection: 'close' } });
  const { csrfToken } = await (await request.get('/api/auth/csrf')).json();
  const signIn = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, userData: user.userData, password: user.password, callbackUrl: `${origin}/explorar`, json: 'true' },
  });
  expect(signIn.ok()).toBe(true);
  return request;
}

/**
 * The unread total the header's menu button shows (0 when it shows no badge), read from the button's name ("Abrir
 * menu, 3 por ler") and its badge in one look; -1 while the two disagree (the count is changing), so a poll asks
 * again. A test's counts stay under the badge's cap (99+).
 */
export async function unreadBadge(page: Page): Promise<number> {
  const { label, shown } = await page.locator('.header .menu-button').evaluate((button) => ({
    label: button.getAttribute('aria-label') ?? '',
    shown: button.querySelector('.menu-badge')?.textContent ?? null,
  }));
  if (shown === null) return 0;
  const count = /^Abrir menu, (\d+) por ler$/.exec(label)?.[1];
  expect(count, `menu button label ${label}`).toBeDefined();
  return count === shown ? Number(count) : -1;
}

/** The same total as the server counts it: every unread counter of the signed-in user (SPEC §3). */
export async function unreadOnServer(api: APIRequestContext): Promise<number> {
  const response = await api.get('/api/client/common/perfil/mostrarMeusUpdates');
  expect(response.status()).toBe(200);
  const { updates } = UpdatesResponseSchema.parse(await response.json());
  return Object.values(updates).reduce((sum, counter) => sum + counter.count, 0);
}
