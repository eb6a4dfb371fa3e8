import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as playwright from '@playwright/test';
import { EN_ORIGIN, PHONE, PT_ORIGIN, apiUser, signIn, signUpThroughApi, waitForServiceWorker } from './support/helpers.ts';
import { setPhoneOffline } from './support/offline.ts';
import { checkScreen } from './support/a11y.ts';

// Creating a group opens the new group: online by its server id, offline by the phone's `local:` id, which moves to
// the server id once the server has it. A creator's second group of the same name (case and spaces folded) is refused:
// online under the form's name field, offline where refused queued work shows. At 360 px, in pt and en.

test.use({ viewport: PHONE });

const GROUPS_API = '/api/client/common/grupos';
const SERVER_ID = /\/dashboard\/comunidade\/grupos\/[0-9a-f-]{36}$/;
const LOCAL_ID = /\/dashboard\/comunidade\/grupos\/local(:|%3A)\d+$/;

const TEXTS = {
  pt: {
    create: 'Criar grupo',
    name: 'Nome do grupo',
    taken: 'Já tens um grupo com este nome',
    waiting: 'Guardado neste telemóvel',
    notYet: 'Este grupo ainda não chegou ao servidor. Poderás escrever nele assim que for enviado.',
    outbox: 'Alterações por enviar',
    newGroup: 'Novo grupo',
    refused: 'Recusada',
    oneRefused: '1 recusada',
    message: 'Mensagem',
  },
  en: {
    create: 'Create group',
    name: 'Group name',
    taken: 'You already have a group with this name',
    waiting: 'Saved on this phone',
    notYet: "This group hasn't reached the server yet. You can write in it as soon as it is sent.",
    outbox: 'Changes to send',
    newGroup: 'New group',
    refused: 'Refused',
    oneRefused: '1 refused',
    message: 'Message',
  },
} as const;

/**
 * A new user signed in on `origin`'s page, and the same user through the API. Node does not resolve en.localhost
 * (Chromium does): the API is reached through the pt host, the same server.
 */
async function newSignedInUser(page: Page, origin: string): Promise<APIRequestContext> {
  const user = await signUpThroughApi(page.request, PT_ORIGIN);
  const login = { userData: user.nomeUsuario, password: user.password };
  await signIn(page, origin, login);
  return apiUser(playwright, login);
}

/** The names of the signed-in user's groups on the server. */
async function myGroupsNamed(api: APIRequestContext, nome: string): Promise<string[]> {
  const response = await api.get(`${GROUPS_API}?pageNumber=1&size=250&gruposComponent=meus`);
  expect(response.status()).toBe(200);
  const { grupos } = (await response.json()) as { grupos: { nome: string }[] };
  return grupos.map((group) => group.nome).filter((name) => name.toLowerCase().replace(/\s+/g, ' ').trim() === nome.toLowerCase());
}

for (const [lang, origin] of [
  ['pt', PT_ORIGIN],
  ['en', EN_ORIGIN],
] as const) {
  const text = TEXTS[lang];
  const form = `${origin}/dashboard/comunidade/grupos/criargrupo`;

  test(`a new group opens by its server id; the same name again is refused under the name field (${lang})`, async ({ page }) => {
    const api = await newSignedInUser(page, origin);
    const nome = `Craques ${randomUUID().slice(0, 8)}`;
    await page.goto(form);
    await page.getByLabel(text.name).fill(nome);
    await page.getByRole('button', { name: text.create }).click();
    await expect(page).toHaveURL(SERVER_ID);
    await expect(page.getByRole('heading', { name: nome })).toBeVisible();
    await expect(page.getByRole('textbox', { name: text.message })).toBeVisible();

    await page.goto(form);
    await page.getByLabel(text.name).fill(`  ${nome.toUpperCase().replace(' ', '   ')} `);
    await page.getByRole('button', { name: text.create }).click();
    await expect(page.locator('#nome-error')).toHaveText(text.taken);
    await expect(page.getByLabel(text.name)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(text.name)).toBeFocused();
    await expect(page).toHaveURL(/\/criargrupo$/);
    await checkScreen(page, { name: 'group-name-taken', lang, dir: '/tmp/shots-forms', viewports: [PHONE] });
    // The refusal is the form's alone: nothing is left waiting or refused on the phone.
    await expect(page.getByRole('button', { name: text.outbox })).toHaveCount(0);
    expect(await myGroupsNamed(api, nome)).toEqual([nome]);
  });

  test(`a group made offline opens at once and moves to its server id when sent; a taken name is refused where refused changes show (${lang})`, async ({
    page,
    context,
  }) => {
    const api = await newSignedInUser(page, origin);
    await waitForServiceWorker(page);
    const nome = `Offline ${randomUUID().slice(0, 8)}`;
    const taken = `Repetido ${randomUUID().slice(0, 8)}`;
    const made = await api.post(`${GROUPS_API}/criarGrupo`, {
      data: { nome: taken, privado: false, allowedSenders: false },
      headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
    });
    expect(made.status()).toBe(201);
    await page.goto(form);
    await expect(page.getByLabel(text.name)).toBeVisible();

    await setPhoneOffline(context, true);
    await page.getByLabel(text.name).fill(nome);
    await page.getByRole('button', { name: text.create }).click();
    await expect(page).toHaveURL(LOCAL_ID);
    await expect(page.getByRole('heading', { name: nome })).toBeVisible();
    await expect(page.locator('.grp-chat-head').getByText(text.waiting)).toBeVisible();
    await expect(page.getByText(text.notYet)).toBeVisible();
    await setPhoneOffline(context, false);
    await expect(page).toHaveURL(SERVER_ID, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: nome })).toBeVisible();
    await expect(page.getByRole('textbox', { name: text.message })).toBeVisible();
    expect(await myGroupsNamed(api, nome)).toEqual([nome]);

    // The same name as a group the user has, made offline: it opens, then the server's refusal shows with the
    // other refused changes (and on the group made on this phone).
    await page.goto(form);
    await expect(page.getByLabel(text.name)).toBeVisible();
    await setPhoneOffline(context, true);
    await page.getByLabel(text.name).fill(taken.toLowerCase());
    await page.getByRole('button', { name: text.create }).click();
    await expect(page).toHaveURL(LOCAL_ID);
    await setPhoneOffline(context, false);
    const chip = page.getByRole('button', { name: text.outbox });
    await expect(chip).toHaveText(text.oneRefused, { timeout: 20_000 });
    await expect(page.locator('.grp-chat-head')).toContainText(text.taken);
    await chip.click();
    const outbox = page.getByRole('dialog', { name: text.outbox });
    const item = outbox.locator('.outbox-item').filter({ hasText: text.newGroup });
    await expect(item).toContainText(text.refused);
    await expect(item).toContainText(text.taken);
    expect(await myGroupsNamed(api, taken)).toEqual([taken]);
  });
}
