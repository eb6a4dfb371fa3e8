import { mkdirSync } from 'node:fs';
import { test, expect, type APIRequestContext, type APIRequest, type Browser, type Page } from '@playwright/test';
import { GroupListResponseSchema, GroupResponseSchema, GroupSubscribeResponseSchema, type Group } from '../../contract/schemas/groups.ts';
import { MyProfileResponseSchema } from '../../contract/schemas/profile.ts';
import { apiUser, DEMO, EN_ORIGIN, PHONE, PT_ORIGIN, signIn, signUpThroughApi, waitForServiceWorker, type User } from './support/helpers.ts';
import { checkScreen } from './support/a11y.ts';
import { setPhoneOffline } from './support/offline.ts';

// The group drawer and the paywall (SPEC §2, §4, §6, §8): a private group's paywall shows no
// message, subscribing goes through the EMIS page in a frame (served by the server even under the service worker), the
// creator promotes, removes and adds members with the toasts of SPEC §8, and a non-member sees no admin control.

const G = '/api/client/common/grupos';
const SHOTS = process.env.SHOTS_DIR;

interface Person {
  api: APIRequestContext;
  user: User;
  id: string;
}

/** A new account driven through the API (its own cookie jar), with its user id. */
async function newPerson(playwright: { request: APIRequest }): Promise<Person> {
  const signUp = await playwright.request.newContext();
  const user = await signUpThroughApi(signUp, PT_ORIGIN);
  await signUp.dispose();
  const api = await apiUser(playwright, { userData: user.nomeUsuario, password: user.password });
  const profile = await api.get('/api/client/common/perfil/mostrarMeuPerfil');
  expect(profile.status()).toBe(200);
  return { api, user, id: MyProfileResponseSchema.parse(await profile.json()).usuario.id };
}

/** A page of its own (cookies apart) signed in as `person`. */
async function pageAs(browser: Browser, person: Person, viewport = PHONE, origin = PT_ORIGIN): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, origin, { userData: person.user.nomeUsuario, password: person.user.password });
  return page;
}

async function groupOnServer(api: APIRequestContext, id: string): Promise<Group> {
  const response = await api.get(`${G}/${id}`);
  expect(response.status()).toBe(200);
  return GroupResponseSchema.parse(await response.json()).grupo;
}

/** A control's name in pt, or on the en host either word (the en catalog may not have it yet). */
const either = (pt: string, en: string) => new RegExp(`^(${pt}|${en})$`);

async function openDrawer(page: Page, name: string | RegExp = 'Detalhes do grupo') {
  await page.getByRole('button', { name }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer).toBeVisible();
  return drawer;
}

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });

/** Every admin control of the drawer (SPEC §6): none may show to someone who is not allowed to use it. */
const ADMIN_CONTROLS = ['Editar grupo', 'Apagar grupo', 'Tornar administrador', 'Remover administrador', 'Adicionar'];

test('a private group: the paywall hides the conversation, the EMIS page pays it, then the member reads and posts; the creator promotes, removes and adds', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const a = await newPerson(playwright);
  const b = await newPerson(playwright);
  const c = await newPerson(playwright);
  const secret = `Segredo do grupo ${Date.now().toString(36)}: casa ganha ao intervalo`;

  const created = await a.api.post(`${G}/criarGrupo`, {
    data: {
      nome: 'Dicas Pagas',
      privado: true,
      planos: [
        { extensao: 'semanal', valor: 500 },
        { extensao: 'mensal', valor: 1500 },
        { extensao: 'anual', valor: 12000 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const group = GroupResponseSchema.parse(await created.json()).grupo;
  expect((await a.api.post(`${G}/${group.id}/mensagens`, { data: { mensagem: secret } })).status()).toBe(201);

  // B, who has not paid: the paywall with the plans worth something, and no word of the conversation anywhere.
  await signIn(page, PT_ORIGIN, { userData: b.user.nomeUsuario, password: b.user.password });
  await waitForServiceWorker(page);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos/${group.id}`);
  await expect(page.getByRole('heading', { name: 'Subscrever o grupo' })).toBeVisible();
  await expect(page.getByText('Subscreve este grupo para ver e enviar mensagens')).toBeVisible();
  await expect(page.getByText('Criado por').first()).toContainText(a.user.nomeUsuario);
  const weekly = page.getByRole('button', { name: 'Subscrever semanal' });
  await expect(weekly).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscrever mensal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscrever anual' })).toBeVisible();
  await expect(page.locator('.paywall-plan').filter({ hasText: 'Semanal' })).toContainText('500 Kz');
  await expect(page.locator('.paywall-plan').filter({ hasText: 'Mensal' })).toContainText('1.500 Kz');
  await expect(page.locator('.paywall-plan').filter({ hasText: 'Anual' })).toContainText('12.000 Kz');
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  const drawerB = await openDrawer(page);
  for (const name of [...ADMIN_CONTROLS, 'Sair do grupo']) await expect(drawerB.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(drawerB.getByLabel('Pesquisar usuario')).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await drawerB.getByRole('button', { name: 'Fechar' }).click();
  await expect(drawerB).toBeHidden();

  // Under the service worker, the payment page is the server's own page, not the app shell's "Página não encontrada".
  const pending = await b.api.get(`${G}/${group.id}/subscrever/mensal`);
  expect(pending.status()).toBe(200);
  const pendingId = GroupSubscribeResponseSchema.parse(await pending.json()).respostaEmis.id;
  const paymentPage = await page.context().newPage();
  await paymentPage.goto(`${PT_ORIGIN}/pagamentos/emis/${pendingId}`);
  expect(await paymentPage.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(paymentPage.getByRole('heading', { name: 'Pagamento EMIS (simulado)' })).toBeVisible();
  await expect(paymentPage.getByRole('button', { name: 'Pagar' })).toBeVisible();
  await expect(paymentPage.getByText('Página não encontrada')).toHaveCount(0);
  await paymentPage.close();

  // B subscribes weekly: the EMIS page in a frame; paid, the conversation appears without a reload.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await weekly.click();
  const payment = page.getByRole('dialog', { name: 'Pagamento' });
  const frame = payment.frameLocator('iframe[title="Página de pagamento EMIS"]');
  await expect(frame.getByText('500 Kz')).toBeVisible();
  await frame.getByRole('button', { name: 'Pagar' }).click();
  await expect(payment).toBeHidden();
  await expect(page.getByText(secret)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscrever semanal' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  const reply = `Obrigado pela dica ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(reply);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect
    .poll(async () => {
      const response = await a.api.get(`${G}/${group.id}/mensagens?size=20`);
      const { mensagens } = (await response.json()) as { mensagens: { mensagem: string }[] };
      return mensagens.filter((message) => message.mensagem === reply).length;
    })
    .toBe(1);

  // C, a non-member: the paywall, and a drawer without any admin control.
  const pageC = await pageAs(browser, c);
  await pageC.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos/${group.id}`);
  await expect(pageC.getByRole('button', { name: 'Subscrever semanal' })).toBeVisible();
  const drawerC = await openDrawer(pageC);
  await expect(drawerC.getByText('Criador', { exact: true })).toBeVisible();
  for (const name of [...ADMIN_CONTROLS, 'Remover', 'Sair do grupo']) await expect(drawerC.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(drawerC.getByLabel('Pesquisar usuario')).toHaveCount(0);
  expect(await pageC.content()).not.toContain(secret);

  // A, the creator: B is a member until the paid date, green; promote, then remove, with the toasts of SPEC §8.
  const pageA = await pageAs(browser, a);
  await pageA.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos/${group.id}`);
  const drawerA = await openDrawer(pageA);
  await expect(drawerA.getByRole('button', { name: 'Sair do grupo' })).toHaveCount(0);
  const rowB = drawerA.getByRole('listitem').filter({ hasText: `@${b.user.nomeUsuario}` });
  await expect(rowB.getByText('Membro', { exact: true })).toBeVisible();
  await expect(rowB.locator('.member-expiry')).toHaveAttribute('data-colour', 'green');
  await expect(rowB.locator('.member-expiry')).toContainText('Válido até');
  await rowB.getByRole('button', { name: 'Tornar administrador', exact: true }).click();
  await expect(toast(pageA, `${b.user.nome} é agora administrador`)).toBeVisible();
  await expect(rowB.getByText('Administrador', { exact: true })).toBeVisible();
  expect((await groupOnServer(a.api, group.id)).usuarios.find((member) => member.usuario.id === b.id)?.role).toBe('administrador');
  await rowB.getByRole('button', { name: 'Remover administrador', exact: true }).click();
  await expect(toast(pageA, `${b.user.nome} deixou de ser administrador`)).toBeVisible();
  await expect(rowB.getByText('Membro', { exact: true })).toBeVisible();
  await rowB.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(toast(pageA, `${b.user.nome} removido`)).toBeVisible();
  await expect(rowB).toHaveCount(0);
  expect((await groupOnServer(a.api, group.id)).usuarios.some((member) => member.usuario.id === b.id)).toBe(false);

  // Adding by search (debounced, slugified): C is added, then shows as already in the group; nonsense finds nobody.
  // C follows A, so C's default setting ('seguidos') lets A add C straight in (a stranger's add is an invitation,
  // group-invitations.spec.ts).
  expect((await c.api.post(`/api/client/common/perfil/${a.user.nomeUsuario}/seguir`)).status()).toBe(200);
  const search = drawerA.getByLabel('Pesquisar usuario');
  await search.fill(`  ${c.user.nomeUsuario.toUpperCase()} `);
  const resultC = drawerA.getByRole('list', { name: 'Resultados da pesquisa' }).getByRole('listitem').filter({ hasText: `@${c.user.nomeUsuario}` });
  await resultC.getByRole('button', { name: 'Adicionar' }).click();
  await expect(toast(pageA, `${c.user.nome} foi adicionado`)).toBeVisible();
  await expect(resultC.getByText('Este usuario já faz parte deste grupo')).toBeVisible();
  const rowC = drawerA.locator('.member-list').first().getByRole('listitem').filter({ hasText: `@${c.user.nomeUsuario}` });
  // Added by an administrator without paying: no valid subscription, red (SPEC §4).
  await expect(rowC.locator('.member-expiry')).toHaveAttribute('data-colour', 'red');
  await expect(rowC.locator('.member-expiry')).toHaveText('Sem subscrição válida');
  await search.fill('zz%qq-xx-nao-existe');
  await expect(drawerA.getByText('Nenhum resultado')).toBeVisible();

  // Editing the group: the loading toast while the server has not answered, then success.
  let held = false;
  await pageA.route('**/actualizarGrupo', async (route) => {
    held = true;
    await expect(toast(pageA, 'Actualizando novo grupo...')).toBeVisible();
    await route.continue();
  });
  await drawerA.getByRole('button', { name: 'Editar grupo' }).click();
  await drawerA.getByLabel('Nome do grupo').fill('x');
  await drawerA.getByRole('button', { name: 'Guardar alterações' }).click();
  await expect(drawerA.getByText('Verifica o nome do grupo, usa até 50 caracteres')).toBeVisible();
  await drawerA.getByLabel('Nome do grupo').fill('Dicas Pagas VIP');
  await drawerA.getByRole('button', { name: 'Guardar alterações' }).click();
  await expect(toast(pageA, 'Grupo actualizado com sucesso')).toBeVisible();
  expect(held).toBe(true);
  await expect(drawerA.getByRole('heading', { name: 'Dicas Pagas VIP' })).toBeVisible();
  expect((await groupOnServer(a.api, group.id)).nome).toBe('Dicas Pagas VIP');

  for (const person of [a, b, c]) await person.api.dispose();
});

test('offline, a promotion shows at once as waiting to send and its toast comes once the server has it', async ({ browser, playwright }) => {
  const a = await newPerson(playwright);
  const b = await newPerson(playwright);
  const created = await a.api.post(`${G}/criarGrupo`, { data: { nome: 'Grupo Aberto Offline' } });
  const group = GroupResponseSchema.parse(await created.json()).grupo;
  expect((await b.api.get(`${G}/${group.id}/entrar`)).status()).toBe(200);

  const pageA = await pageAs(browser, a);
  await pageA.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos/${group.id}`);
  const drawer = await openDrawer(pageA);
  const rowB = drawer.getByRole('listitem').filter({ hasText: `@${b.user.nomeUsuario}` });
  await expect(rowB.getByText('Membro', { exact: true })).toBeVisible();
  // An open group: no paid dates to show.
  await expect(rowB.locator('.member-expiry')).toHaveCount(0);

  await setPhoneOffline(pageA.context(), true);
  await rowB.getByRole('button', { name: 'Tornar administrador', exact: true }).click();
  await expect(rowB.getByText('A tornar administrador — guardado neste telemóvel, por enviar')).toBeVisible();
  await expect(toast(pageA, 'Guardado neste telemóvel. Será enviado quando houver ligação.')).toBeVisible();
  expect((await groupOnServer(a.api, group.id)).usuarios.find((member) => member.usuario.id === b.id)?.role).toBe('normal');

  await setPhoneOffline(pageA.context(), false);
  await expect(toast(pageA, `${b.user.nome} é agora administrador`)).toBeVisible();
  await expect(rowB.getByText('Administrador', { exact: true })).toBeVisible();
  expect((await groupOnServer(a.api, group.id)).usuarios.find((member) => member.usuario.id === b.id)?.role).toBe('administrador');
  for (const person of [a, b]) await person.api.dispose();
});

test('a member leaves (everyone but the creator) and the creator deletes the group, each confirmed, with the toasts of SPEC §8', async ({
  browser,
  playwright,
}) => {
  const a = await newPerson(playwright);
  const b = await newPerson(playwright);
  const created = await a.api.post(`${G}/criarGrupo`, { data: { nome: 'Grupo Para Apagar' } });
  const group = GroupResponseSchema.parse(await created.json()).grupo;
  expect((await b.api.get(`${G}/${group.id}/entrar`)).status()).toBe(200);

  // B, an ordinary member: roles shown, no admin control, and a leave button.
  const pageB = await pageAs(browser, b);
  await pageB.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos/${group.id}`);
  const drawerB = await openDrawer(pageB);
  await expect(drawerB.getByText('Criador', { exact: true })).toBeVisible();
  await expect(drawerB.getByRole('listitem').filter({ hasText: `@${b.user.nomeUsuario}` }).getByText('Membro', { exact: true })).toBeVisible();
  for (const name of [...ADMIN_CONTROLS, 'Remover']) await expect(drawerB.getByRole('button', { name, exact: true })).toHaveCount(0);
  await drawerB.getByRole('button', { name: 'Sair do grupo' }).click();
  const leave = pageB.getByRole('alertdialog', { name: 'Sair do grupo' });
  // The confirm opens on Cancelar; Escape closes it alone (the drawer stays) and the focus goes back to its opener.
  await expect(leave.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await pageB.keyboard.press('Escape');
  await expect(leave).toBeHidden();
  await expect(drawerB.getByRole('button', { name: 'Sair do grupo' })).toBeFocused();
  await drawerB.getByRole('button', { name: 'Sair do grupo' }).click();
  await leave.getByRole('button', { name: 'Cancelar' }).click();
  await expect(leave).toBeHidden();
  await drawerB.getByRole('button', { name: 'Sair do grupo' }).click();
  await leave.getByRole('button', { name: 'Sair do grupo' }).click();
  await expect(pageB).toHaveURL(/\/dashboard\/comunidade\/grupos$/);
  await expect(toast(pageB, 'Saistes do grupo com sucesso')).toBeVisible();
  expect((await groupOnServer(a.api, group.id)).usuarios).toHaveLength(0);

  // A, the creator: no leave button; delete after confirming.
  const pageA = await pageAs(browser, a);
  await pageA.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos/${group.id}`);
  const drawerA = await openDrawer(pageA);
  await expect(drawerA.getByRole('button', { name: 'Sair do grupo' })).toHaveCount(0);
  await drawerA.getByRole('button', { name: 'Apagar grupo' }).click();
  await pageA.getByRole('alertdialog', { name: 'Apagar grupo' }).getByRole('button', { name: 'Apagar grupo' }).click();
  await expect(pageA).toHaveURL(/\/dashboard\/comunidade\/grupos$/);
  await expect(toast(pageA, 'Apagaste este grupo com sucesso')).toBeVisible();
  expect((await a.api.get(`${G}/${group.id}`)).status()).toBe(404);
  for (const person of [a, b]) await person.api.dispose();
});

test('the drawer as creator and as member, and the paywall: readable at 360 px and on a desktop, pt and en, no serious axe violation', async ({ browser }) => {
  test.setTimeout(180_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  for (const origin of [PT_ORIGIN, EN_ORIGIN]) {
    const lang = origin === PT_ORIGIN ? 'pt' : 'en';
    const names =
      lang === 'pt'
        ? { details: 'Detalhes do grupo', search: 'Pesquisar usuario', edit: 'Editar grupo', name: 'Nome do grupo', cancel: 'Cancelar' }
        : {
            details: either('Detalhes do grupo', 'Group details'),
            search: either('Pesquisar usuario', 'Search user'),
            edit: either('Editar grupo', 'Edit group'),
            name: either('Nome do grupo', 'Group name'),
            cancel: 'Cancel',
          };
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, origin, DEMO);
    // Asked from the page: the test's own resolver does not know en.localhost.
    const list = await page.evaluate(async (path) => (await fetch(path, { headers: { 'X-Requested-With': 'fichas' } })).json(), `${G}?size=50`);
    const { grupos } = GroupListResponseSchema.parse(list);
    const idOf = (nome: string) => grupos.find((grupo) => grupo.nome === nome)?.id ?? '';
    // Seeded for demo: its own private group with members valid, expired and expiring; a member of Kiala VIP; Apostas
    // Seguras unpaid.
    const screens = [
      { name: 'drawer-creator', id: idOf('Premier League Angola'), drawer: true },
      { name: 'drawer-member', id: idOf('Kiala VIP'), drawer: true },
      { name: 'paywall', id: idOf('Apostas Seguras'), drawer: false },
    ];
    // Each screen is checked at both widths by resizing the page.
    for (const screen of screens) {
      expect(screen.id).not.toBe('');
      await page.setViewportSize(PHONE);
      await page.goto(`${origin}/dashboard/comunidade/grupos/${screen.id}`);
      if (screen.drawer) {
        const drawer = await openDrawer(page, names.details);
        await expect(drawer.locator('.member-item').first()).toBeVisible();
        if (screen.name === 'drawer-creator') {
          for (const colour of ['red', 'orange', 'green']) await expect(drawer.locator(`.member-expiry[data-colour="${colour}"]`).first()).toBeVisible();
        }
      } else {
        await expect(page.locator('.paywall-plan').first()).toBeVisible();
      }
      await checkScreen(page, { name: screen.name, lang, dir: SHOTS });
      if (screen.name === 'drawer-creator') {
        // The search's results and the edit form, as the creator sees them.
        const drawer = page.getByRole('dialog', { name: names.details });
        await drawer.getByLabel(names.search).fill('joana');
        await expect(drawer.locator('.member-already')).toBeVisible();
        await drawer.locator('.member-already').scrollIntoViewIfNeeded();
        await checkScreen(page, { name: 'drawer-search', lang, dir: SHOTS });
        await drawer.getByRole('button', { name: names.edit }).click();
        await expect(drawer.getByLabel(names.name)).toHaveValue('Premier League Angola');
        await checkScreen(page, { name: 'drawer-edit', lang, dir: SHOTS });
        await drawer.getByRole('button', { name: names.cancel }).click();
      }
    }
    await context.close();
  }
});
