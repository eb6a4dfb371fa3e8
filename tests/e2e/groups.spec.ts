import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as playwright from '@playwright/test';
import { DEMO, EN_ORIGIN, PHONE, PT_ORIGIN, apiUser, signIn, signUpThroughApi, waitForServiceWorker } from './support/helpers.ts';
import { setPhoneOffline } from './support/offline.ts';
import { checkScreen } from './support/a11y.ts';

// The group screens: the list by sub-filter, creation (online and offline, exactly once on
// the server), the group chat (a message written offline delivered once, the composer of an admins-only group).

test.use({ viewport: PHONE });

const LIST = `${PT_ORIGIN}/dashboard/comunidade/grupos`;
const GROUPS_API = '/api/client/common/grupos';
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface ListedGroup {
  id: string;
  nome: string;
  privado: boolean;
  allowedSenders: string;
  planos: { extensao: string; valor: number }[];
}

async function serverGroups(api: APIRequestContext, filter: 'tudo' | 'subscricoes' | 'meus'): Promise<ListedGroup[]> {
  const response = await api.get(`${GROUPS_API}?pageNumber=1&size=250&gruposComponent=${filter}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { grupos: ListedGroup[] }).grupos;
}

async function groupId(api: APIRequestContext, nome: string): Promise<string> {
  const found = (await serverGroups(api, 'tudo')).find((group) => group.nome === nome);
  expect(found, `the seed has the group ${nome}`).toBeDefined();
  return found?.id ?? '';
}

/** A row of the group list by its group's name. */
const row = (page: Page, nome: string) => page.locator('.grp-row').filter({ has: page.getByRole('link', { name: new RegExp(nome) }) });

async function newSignedInUser(page: Page) {
  const user = await signUpThroughApi(page.request, PT_ORIGIN);
  await signIn(page, PT_ORIGIN, { userData: user.nomeUsuario, password: user.password });
  return user;
}

test('the list shows the seeded groups under Tudo, and Subscrições and Meus filter them', async ({ page }) => {
  await signIn(page);
  await page.goto(LIST);
  await expect(page.getByRole('navigation', { name: 'Comunidade' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Tudo' })).toHaveAttribute('aria-selected', 'true');
  // The list is virtualised: rows further down are put in the page as it scrolls to them.
  for (const nome of ['Fichas Oficial', 'Girabola Tips', 'Kiala VIP', 'Apostas Seguras', 'Champions Angola', 'Premier League Angola']) {
    await expect(async () => {
      await page.mouse.wheel(0, 300);
      await expect(row(page, nome)).toBeVisible({ timeout: 500 });
    }).toPass();
  }
  await expect(row(page, 'Kiala VIP')).toContainText('Privado');
  await expect(row(page, 'Champions Angola')).toContainText('Aberto');
  await expect(page.getByText(/Actualizado às/)).toBeVisible();

  await page.getByRole('tab', { name: 'Meus' }).click();
  await expect(row(page, 'Premier League Angola')).toBeVisible();
  await expect(row(page, 'Kiala VIP')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Subscrições' }).click();
  await expect(row(page, 'Kiala VIP')).toBeVisible();
  await expect(row(page, 'Girabola Tips')).toBeVisible();
  await expect(row(page, 'Apostas Seguras')).toHaveCount(0);

  // A row opens its group.
  await row(page, 'Girabola Tips').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/comunidade\/grupos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Girabola Tips' })).toBeVisible();
});

test('a new user creates a private group with plans from the form; bad input is refused with the spec words', async ({ page }) => {
  await newSignedInUser(page);
  const api = page.request;
  await page.goto(LIST);
  await page.getByRole('link', { name: 'Criar grupo' }).click();
  await expect(page).toHaveURL(/\/grupos\/criargrupo$/);

  // Plans show only for a private group.
  await expect(page.getByLabel('Plano semanal')).toHaveCount(0);
  const nome = `Tips ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Nome do grupo').fill('Ab');
  await page.getByRole('button', { name: 'Criar grupo' }).click();
  await expect(page.getByText('Verifica o nome do grupo, usa até 50 caracteres')).toBeVisible();

  await page.getByLabel('Imagem do grupo').setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(1_000_001, 1) });
  await expect(page.getByText('Envie uma imagem mais leve')).toBeVisible();
  await page.getByLabel('Imagem do grupo').setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('não é uma imagem') });
  await expect(page.getByText('Problema com a imagem')).toBeVisible();

  await page.getByLabel('Nome do grupo').fill(nome);
  await page.getByLabel('Imagem do grupo').setInputFiles({ name: 'grupo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  await expect(page.getByText('Problema com a imagem')).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Privacidade' }).getByRole('radio', { name: 'Privado' }).check();
  await page.getByLabel('Plano semanal').fill('100');
  await page.getByLabel('Plano mensal').fill('2500');
  await page.getByLabel('Plano anual').fill('20000');
  await page.getByRole('radiogroup', { name: 'Quem pode enviar mensagens' }).getByRole('radio', { name: 'Só administradores' }).check();
  await page.getByRole('button', { name: 'Criar grupo' }).click();
  await expect(page.getByText('Os planos de um grupo privado custam entre 500 e 1.000.000 Kz')).toBeVisible();
  await page.getByLabel('Plano semanal').fill('700');
  await page.getByRole('button', { name: 'Criar grupo' }).click();

  // The new group opens, by its server id.
  await expect(page).toHaveURL(/\/dashboard\/comunidade\/grupos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: nome })).toBeVisible();
  await page.goto(LIST);
  await page.getByRole('tab', { name: 'Meus' }).click();
  await expect(row(page, nome)).toBeVisible();
  await expect(row(page, nome)).toContainText('Privado');
  await expect(row(page, nome)).toContainText('1 membro');
  await expect(row(page, nome).locator('img.grp-image')).toHaveAttribute('src', /\/api\/client\/common\/grupos\/[0-9a-f-]+\/imagem/);
  await expect(row(page, nome).getByText('Guardado neste telemóvel')).toHaveCount(0);
  await expect.poll(async () => (await serverGroups(api, 'meus')).filter((group) => group.nome === nome)).toEqual([
    expect.objectContaining({
      privado: true,
      allowedSenders: 'admins',
      planos: [
        { extensao: 'semanal', valor: 700 },
        { extensao: 'mensal', valor: 2500 },
        { extensao: 'anual', valor: 20000 },
      ],
    }),
  ]);
  // With the data saver on, the group's image waits behind a tap (its button is not inside the row's link).
  await page.evaluate(() => localStorage.setItem('dataSaver', 'on'));
  await page.reload();
  await page.getByRole('tab', { name: 'Meus' }).click();
  await expect(row(page, nome).getByRole('button', { name: 'Ver imagem' })).toBeVisible();
  mkdirSync('/tmp/shots-groups', { recursive: true });
  await page.screenshot({ path: '/tmp/shots-groups/list-saver-pt-360.png' });
  await row(page, nome).getByRole('button', { name: 'Ver imagem' }).click();
  await expect(row(page, nome).locator('img.grp-image')).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('dataSaver'));
  // The creator's own group opens with its composer (no paywall for the creator).
  await row(page, nome).getByRole('link').click();
  await expect(page.getByRole('heading', { name: nome })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
});

test('a group created offline shows as waiting, then exists exactly once on the server after reconnecting', async ({ page, context }) => {
  await newSignedInUser(page);
  const api = page.request;
  await waitForServiceWorker(page);
  await page.goto(LIST);
  await expect(row(page, 'Fichas Oficial')).toBeVisible();
  await page.getByRole('link', { name: 'Criar grupo' }).click();
  await expect(page.getByLabel('Nome do grupo')).toBeVisible();

  await setPhoneOffline(context, true);
  const nome = `Offline ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Nome do grupo').fill(nome);
  await page.getByRole('button', { name: 'Criar grupo' }).click();
  // The group made on this phone opens; it says why nothing can be written to it yet.
  await expect(page).toHaveURL(/\/dashboard\/comunidade\/grupos\/local(:|%3A)\d+$/);
  await expect(page.getByRole('heading', { name: nome })).toBeVisible();
  await expect(page.getByText('Este grupo ainda não chegou ao servidor. Poderás escrever nele assim que for enviado.')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar aos grupos' }).first().click();
  const waiting = row(page, nome);
  await expect(waiting).toBeVisible();
  await expect(waiting.getByText('Guardado neste telemóvel')).toBeVisible();
  // Offline the list is read from the phone's store, with when it was last refreshed.
  await expect(row(page, 'Fichas Oficial')).toBeVisible();
  await expect(page.getByText(/Actualizado às/)).toBeVisible();
  // Opened while waiting, it says why nothing can be written to it yet.
  await waiting.getByRole('link').click();
  await expect(page.getByText('Este grupo ainda não chegou ao servidor. Poderás escrever nele assim que for enviado.')).toBeVisible();
  await page.goBack();

  await setPhoneOffline(context, false);
  await expect(row(page, nome).getByText('Guardado neste telemóvel')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await serverGroups(api, 'meus')).filter((group) => group.nome === nome).length, { timeout: 20_000 }).toBe(1);
  // A reload changes nothing: one row, one group on the server.
  await page.reload();
  await page.getByRole('tab', { name: 'Meus' }).click();
  await expect(row(page, nome)).toHaveCount(1);
  expect((await serverGroups(api, 'meus')).filter((group) => group.nome === nome)).toHaveLength(1);
});

test('a group message written offline is delivered exactly once', async ({ page, context }) => {
  const demo = await apiUser(playwright, DEMO);
  const id = await groupId(demo, 'Girabola Tips');
  const onServer = async (text: string) => {
    const response = await demo.get(`${GROUPS_API}/${id}/mensagens?size=250`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { mensagens: { mensagem: string }[] }).mensagens.filter((message) => message.mensagem === text).length;
  };
  await signIn(page);
  await waitForServiceWorker(page);
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();

  await setPhoneOffline(context, true);
  const text = `Grupo offline ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const mine = page.locator('.message.own').filter({ hasText: text });
  await expect(mine).toHaveAttribute('data-sync', 'saved');
  expect(await onServer(text)).toBe(0);

  await setPhoneOffline(context, false);
  await expect(mine).toHaveAttribute('data-sync', 'sent', { timeout: 20_000 });
  expect(await onServer(text)).toBe(1);
  await page.reload();
  await expect(page.locator('.message').filter({ hasText: text })).toHaveCount(1);
  expect(await onServer(text)).toBe(1);
  await demo.dispose();
});

test('an ordinary member of an admins-only group sees why the composer is off; a non-member of an open group may join', async ({ page }) => {
  const demo = await apiUser(playwright, DEMO);
  const kiala = await groupId(demo, 'Kiala VIP');
  await signIn(page);
  await page.goto(`${LIST}/${kiala}`);
  await expect(page.getByRole('heading', { name: 'Kiala VIP' })).toBeVisible();
  await expect(page.getByText('Só os administradores podem enviar mensagens neste grupo')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Detalhes do grupo' })).toBeVisible();
  await demo.dispose();

  // A new user is not a member of the open 'Champions Angola': a join button in place of the composer.
  const other = await signUpThroughApi(page.request, PT_ORIGIN);
  await page.context().clearCookies();
  await signIn(page, PT_ORIGIN, { userData: other.nomeUsuario, password: other.password });
  const api = await apiUser(playwright, { userData: other.nomeUsuario, password: other.password });
  const champions = await groupId(api, 'Champions Angola');
  await page.goto(`${LIST}/${champions}`);
  await page.getByRole('button', { name: 'Entrar no grupo' }).click();
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  expect((await serverGroups(api, 'subscricoes')).some((group) => group.id === champions)).toBe(true);
  await api.dispose();
});

test('removed while viewing, then the group deleted with a message queued: clear notices, the message refused with the reason', async ({ page, context }) => {
  // A (through the API) owns an open group; B (the phone) joins it.
  const ownerRequest = await playwright.request.newContext();
  const owner = await signUpThroughApi(ownerRequest, PT_ORIGIN);
  await ownerRequest.dispose();
  const a = await apiUser(playwright, { userData: owner.nomeUsuario, password: owner.password });
  const created = await a.post(`${GROUPS_API}/criarGrupo`, { data: { nome: `Saída ${randomUUID().slice(0, 6)}` } });
  expect(created.status()).toBe(201);
  const { grupo } = (await created.json()) as { grupo: { id: string; nome: string } };
  const member = await newSignedInUser(page);
  const b = await apiUser(playwright, { userData: member.nomeUsuario, password: member.password });
  expect((await b.get(`${GROUPS_API}/${grupo.id}/entrar`)).status()).toBe(200);
  await waitForServiceWorker(page);
  await page.goto(`${LIST}/${grupo.id}`);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();

  // Removed meanwhile: the page says so and offers the way back (and, the group being open, joining again).
  const me = ((await (await b.get('/api/client/common/perfil/mostrarMeuPerfil')).json()) as { usuario: { id: string } }).usuario.id;
  expect((await a.get(`${GROUPS_API}/${grupo.id}/removerUsuario/${me}`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Já não fazes parte deste grupo.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar no grupo' })).toBeVisible();
  await page.getByRole('button', { name: 'Entrar no grupo' }).click();
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();

  // A message written offline to a group deleted before it gets out: refused with the server's reason, kept on
  // screen with retry and discard; nothing else queued is lost.
  await setPhoneOffline(context, true);
  const text = `Para um grupo apagado ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.locator('.message.own').filter({ hasText: text })).toHaveAttribute('data-sync', 'saved');
  expect((await a.delete(`${GROUPS_API}/${grupo.id}/apagarGrupo`)).status()).toBe(200);
  await setPhoneOffline(context, false);
  await expect(page.getByText('Este grupo já não existe.')).toBeVisible({ timeout: 20_000 });
  const refused = page.locator('.message.own').filter({ hasText: text });
  await expect(refused).toHaveAttribute('data-sync', 'rejected', { timeout: 20_000 });
  await expect(refused.getByText('Não encontrado')).toBeVisible();
  await expect(refused.getByRole('button', { name: 'Descartar' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Voltar aos grupos' }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/comunidade\/grupos$/);
  await Promise.all([a.dispose(), b.dispose()]);
});

test('an unknown group id says so, with a way back to the list', async ({ page }) => {
  await signIn(page);
  await page.goto(`${LIST}/00000000-0000-4000-8000-00000000dead`);
  await expect(page.getByText('Grupo não encontrado.')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar aos grupos' }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/comunidade\/grupos$/);
});

test('the group screens at 360 px and 1280 px, pt and en: no serious axe violation, nothing wider than the screen', async ({ page }) => {
  test.setTimeout(180_000);
  const shots = '/tmp/shots-groups';
  mkdirSync(shots, { recursive: true });
  const demo = await apiUser(playwright, DEMO);
  const girabola = await groupId(demo, 'Girabola Tips');
  await demo.dispose();
  for (const [lang, origin] of [
    ['pt', PT_ORIGIN],
    ['en', EN_ORIGIN],
  ] as const) {
    // Each screen is checked at both widths by resizing the page.
    await page.setViewportSize(PHONE);
    await signIn(page, origin);
    await page.goto(`${origin}/dashboard/comunidade/grupos`);
    await expect(page.locator('.grp-row').first()).toBeVisible();
    await checkScreen(page, { name: 'list', lang, dir: shots });
    await page.goto(`${origin}/dashboard/comunidade/grupos/criargrupo`);
    await page.locator('input[name="privado"][value="privado"]').check();
    await expect(page.locator('#field-plano-anual')).toBeVisible();
    await checkScreen(page, { name: 'create', lang, dir: shots });
    await page.goto(`${origin}/dashboard/comunidade/grupos/${girabola}`);
    await expect(page.locator('.message').first()).toBeVisible();
    await checkScreen(page, { name: 'chat', lang, dir: shots });
  }
});
