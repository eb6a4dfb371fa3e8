import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { pageFor } from './support/people.ts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import * as playwright from '@playwright/test';
import { checkScreen, DESKTOP } from './support/a11y.ts';
import { upcomingEvents } from './support/betting.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, apiUser, signUpThroughApi, type User } from './support/helpers.ts';
import { setPhoneOffline } from './support/offline.ts';

// Moderation, and bad input for reports: a user reports a message (the API, as the chat
// has no Denunciar control yet) and a user (through the dialog, a reason required); the moderator sees them at
// /moderador/notifications, removes the message, and the reporter is told; a second decision is refused; a normal
// user gets no reports; the event update form; screenshots and axe of every moderator screen.

const SHOTS = process.env.MODERATION_SHOTS ?? '/tmp/shots-moderation';
const MODERADOR = { userData: 'moderador', password: 'moderador123' };
const key = () => ({ 'Idempotency-Key': `e2e:${randomUUID()}` });

interface Person {
  user: User;
  api: APIRequestContext;
  login: { userData: string; password: string };
  id: string;
}

let phoneCounter = 0;
async function newPerson(origin = PT_ORIGIN): Promise<Person> {
  const signup = await playwright.request.newContext();
  phoneCounter += 1;
  const phone = `94${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter % 10}`;
  const user = await signUpThroughApi(signup, origin, phone);
  await signup.dispose();
  const login = { userData: user.nomeUsuario, password: user.password };
  const api = await apiUser(playwright, login, origin);
  const me = (await (await api.get('/api/client/common/perfil/mostrarMeuPerfil')).json()) as { usuario: { id: string } };
  return { user, api, login, id: me.usuario.id };
}

/** `from` writes `to` a message; its id. */
async function say(from: Person, to: Person, mensagem: string): Promise<{ id: string; chatId: string }> {
  const sent = await from.api.post(`/api/client/common/conversas/com/${to.user.nomeUsuario}/mensagens`, { data: { mensagem }, headers: key() });
  expect(sent.status()).toBe(201);
  const body = (await sent.json()) as { mensagem: { id: string; chatId: string } };
  return body.mensagem;
}

async function report(who: Person, tipo: 'mensagem' | 'ficha' | 'usuario', id: string, motivo: string) {
  return who.api.post('/api/client/common/denuncias', { data: { tipo, id, motivo }, headers: key() });
}

test('a reported message reaches the moderator, who removes it; the reporter is told; a decided report cannot be decided again', async ({ browser }) => {
  test.setTimeout(180_000);
  const [reporter, author] = [await newPerson(), await newPerson()];
  const text = `Compra fichas garantidas no meu site ${randomUUID().slice(0, 6)}`;
  const message = await say(author, reporter, text);

  // Bad input: no reason, and oneself.
  const noReason = await report(reporter, 'mensagem', message.id, '  ');
  expect(noReason.status()).toBe(400);
  expect(((await noReason.json()) as { message: string }).message).toBe('Indique o motivo da denúncia');
  expect((await report(reporter, 'usuario', reporter.id, 'eu')).status()).toBe(400);
  expect((await report(reporter, 'mensagem', message.id, 'Publicidade enganosa')).status()).toBe(201);

  // The reporter also reports the author from the profile, through the dialog (a reason required).
  const reporterPage = await pageFor(browser, reporter.login);
  await reporterPage.goto(`${PT_ORIGIN}/${author.user.nomeUsuario}`);
  await reporterPage.getByRole('button', { name: 'Denunciar' }).click();
  const dialog = reporterPage.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(dialog.getByText('Indique o motivo da denúncia')).toBeVisible();
  await dialog.getByLabel('Motivo da denúncia').fill('Envia publicidade a toda a gente');
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(dialog).toBeHidden();
  await expect(reporterPage.getByText('Denúncia enviada, obrigado')).toBeVisible();

  // The moderator sees the message report among the pending ones and removes the message.
  const moderator = await pageFor(browser, MODERADOR, DESKTOP);
  await moderator.goto(`${PT_ORIGIN}/moderador/notifications`);
  await expect(moderator.getByRole('heading', { name: 'Denúncias', level: 1 })).toBeVisible();
  await expect(moderator.getByRole('button', { name: 'Pendentes' })).toHaveAttribute('aria-pressed', 'true');
  const card = moderator.locator('.mod-card').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Publicidade enganosa');
  await expect(moderator.locator('.mod-card').filter({ hasText: 'Envia publicidade a toda a gente' })).toBeVisible();
  await card.getByRole('button', { name: 'Ver contexto' }).click();
  await expect(card.getByRole('list', { name: 'Contexto da mensagem' })).toContainText(text);
  await card.getByRole('button', { name: 'Começar a analisar' }).click();
  await expect(card.locator('.mod-state')).toHaveText('Em curso');
  await card.getByRole('radio', { name: 'Remover conteúdo' }).check();
  await card.getByRole('button', { name: 'Concluir' }).click();
  // Concluded, it leaves Pendentes at once.
  await expect(card).toHaveCount(0);

  // Under Concluídas it is listed with its action.
  await moderator.getByRole('button', { name: 'Concluídas' }).click();
  await expect(moderator.locator('.mod-card').filter({ hasText: text })).toContainText('Remover conteúdo');

  // The message is gone from the conversation; the reporter is told, on the server and on the notifications page.
  const messages = (await (await reporter.api.get(`/api/client/common/conversas/${message.chatId}/mensagens`)).json()) as { mensagens: { id: string; mensagem: string }[] };
  expect(messages.mensagens.find((m) => m.id === message.id)?.mensagem).toBe('Mensagem removida por um moderador');
  const notes = (await (await reporter.api.get('/api/client/common/notificacoes')).json()) as { notificacoes: { tipo: string; mensagem: string }[] };
  expect(notes.notificacoes.some((n) => n.tipo === 'denunciaAnalisada' && n.mensagem === 'A tua denúncia foi analisada')).toBe(true);
  await reporterPage.goto(`${PT_ORIGIN}/dashboard/notifications`);
  await expect(reporterPage.getByText('A tua denúncia foi analisada').first()).toBeVisible();

  // A decision on a report already decided: 409 with its reason.
  const moderatorApi = await apiUser(playwright, MODERADOR);
  const decided = (await (await moderatorApi.get('/api/client/moderador/denuncias?estado=concluida&size=250')).json()) as { denuncias: { id: string; alvoId: string }[] };
  const done = decided.denuncias.find((d) => d.alvoId === message.id);
  expect(done).toBeDefined();
  const again = await moderatorApi.patch(`/api/client/moderador/denuncias/${done?.id ?? ''}`, { data: { estado: 'cancelada' }, headers: key() });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe('Esta denúncia já foi decidida');
  await moderatorApi.dispose();
  await moderator.context().close();
  await reporterPage.context().close();
});

const DECISION_TEXTS = {
  pt: { pending: 'Pendentes', concluded: 'Concluídas', start: 'Começar a analisar', conclude: 'Concluir', inProgress: 'Em curso', saved: 'Guardada neste telemóvel', outbox: 'Alterações por enviar' },
  en: { pending: 'Pending', concluded: 'Concluded', start: 'Start reviewing', conclude: 'Conclude', inProgress: 'In progress', saved: 'Saved on this phone', outbox: 'Changes to send' },
} as const;

for (const [lang, origin] of [
  ['pt', PT_ORIGIN],
  ['en', EN_ORIGIN],
] as const) {
  const text = DECISION_TEXTS[lang];

  test(`a concluded report leaves Pendentes at once, decided online and queued offline, and stays out after the list is asked again (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const [reporter, author] = [await newPerson(), await newPerson()];
    const tag = randomUUID().slice(0, 8);
    const [online, offline, stays] = [`Spam em linha ${tag}`, `Spam sem rede ${tag}`, `Spam por decidir ${tag}`];
    for (const mensagem of [stays, online, offline]) {
      const message = await say(author, reporter, mensagem);
      expect((await report(reporter, 'mensagem', message.id, 'Spam')).status()).toBe(201);
    }
    const moderator = await pageFor(browser, MODERADOR, PHONE, origin);
    await moderator.goto(`${origin}/moderador/notifications`);
    await expect(moderator.getByRole('button', { name: text.pending })).toHaveAttribute('aria-pressed', 'true');
    const cardOf = (mensagem: string) => moderator.locator('.mod-card').filter({ hasText: mensagem });

    // Online: analysed, it stays (in progress) with its controls; concluded (answered 200), it leaves.
    await cardOf(online).getByRole('button', { name: text.start }).click();
    await expect(cardOf(online).locator('.mod-state')).toHaveText(text.inProgress);
    await cardOf(online).getByRole('button', { name: text.conclude }).click();
    await expect(cardOf(online)).toHaveCount(0);
    await expect(cardOf(offline)).toBeVisible();
    await expect(cardOf(stays)).toBeVisible();

    // Offline: the decision is saved on this phone and the report leaves Pendentes at once.
    await setPhoneOffline(moderator.context(), true);
    await cardOf(offline).getByRole('button', { name: text.start }).click();
    await expect(cardOf(offline).locator('.mod-state')).toHaveText(text.inProgress);
    await expect(cardOf(offline)).toContainText(text.saved);
    await cardOf(offline).getByRole('button', { name: text.conclude }).click();
    await expect(cardOf(offline)).toHaveCount(0);
    await expect(moderator.getByRole('button', { name: text.outbox })).toBeVisible();

    // Back online the list is asked again while the decisions are sent: it stays out, and the server has it decided.
    await setPhoneOffline(moderator.context(), false);
    await expect(moderator.getByRole('button', { name: text.outbox })).toBeHidden({ timeout: 20_000 });
    await expect(cardOf(offline)).toHaveCount(0);
    const moderatorApi = await apiUser(playwright, MODERADOR);
    const decided = (await (await moderatorApi.get('/api/client/moderador/denuncias?estado=concluida&size=250')).json()) as { denuncias: { conteudo: string }[] };
    expect(decided.denuncias.filter((d) => d.conteudo === online || d.conteudo === offline)).toHaveLength(2);
    await moderatorApi.dispose();
    await moderator.reload();
    await expect(cardOf(stays)).toBeVisible();
    await expect(cardOf(online)).toHaveCount(0);
    await expect(cardOf(offline)).toHaveCount(0);
    await moderator.getByRole('button', { name: text.concluded }).click();
    await expect(cardOf(online)).toBeVisible();
    await expect(cardOf(offline)).toBeVisible();
    await moderator.context().close();
  });
}

test('a normal user opening the moderator pages sees no reports, only that they may not', async ({ browser }) => {
  const someone = await newPerson();
  const other = await newPerson();
  await say(other, someone, 'Olá');
  const page = await pageFor(browser, someone.login);
  for (const path of ['/moderador/notifications', '/moderador/conversas', `/moderador/conversas/${other.user.nomeUsuario}`, `/moderador/grupos/${randomUUID()}`]) {
    await page.goto(`${PT_ORIGIN}${path}`);
    await expect(page.getByRole('heading', { name: 'Não tens permissão para esta acção' })).toBeVisible();
    await expect(page.locator('.mod-card')).toHaveCount(0);
  }
  expect((await someone.api.get('/api/client/moderador/denuncias')).status()).toBe(403);
  await page.context().close();
});

test('the moderator sets an event’s external ids from the event page; others do not see the form', async ({ browser }) => {
  const moderator = await pageFor(browser, MODERADOR, PHONE);
  const [event] = await upcomingEvents(moderator, 1);
  expect(event).toBeDefined();
  await moderator.goto(`${PT_ORIGIN}/explorar/${event?.id ?? ''}`);
  await moderator.getByText('Actualizar evento').click();
  await moderator.getByLabel('sport_radar_eventId').fill('sr:match:4242');
  await moderator.getByLabel('sport_radar_seasonId').fill('sr:season:77');
  await moderator.getByRole('button', { name: 'Guardar identificadores' }).click();
  await expect(moderator.getByText('Evento actualizado com sucesso')).toBeVisible();
  await moderator.context().close();

  const someone = await newPerson();
  const page = await pageFor(browser, someone.login);
  await page.goto(`${PT_ORIGIN}/explorar/${event?.id ?? ''}`);
  await expect(page.locator('.event-page')).toBeVisible();
  await expect(page.getByText('Actualizar evento')).toHaveCount(0);
  await page.context().close();
});

test('screenshots of the moderator screens and the report dialog at 360 and 1280 px, pt and en, with no serious axe violation', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const [reporter, author] = [await newPerson(), await newPerson()];
  const message = await say(author, reporter, 'Esta mensagem foi denunciada por ser ofensiva');
  expect((await report(reporter, 'mensagem', message.id, 'Linguagem ofensiva')).status()).toBe(201);
  // A group with a reported message.
  const created = await author.api.post('/api/client/common/grupos/criarGrupo', { data: { nome: 'Grupo Moderado', privado: false, allowedSenders: false }, headers: key() });
  expect(created.status()).toBe(201);
  const grupoId = ((await created.json()) as { grupo: { id: string } }).grupo.id;
  // The reporter follows the author, so the default setting ('seguidos') lets the author add them straight in.
  expect((await reporter.api.post(`/api/client/common/perfil/${author.user.nomeUsuario}/seguir`, { headers: key() })).status()).toBe(200);
  expect((await author.api.get(`/api/client/common/grupos/${grupoId}/adicionarUsuario/${reporter.id}`, { headers: key() })).status()).toBe(200);
  for (const mensagem of ['Bom dia a todos', 'Mensagem de spam no grupo']) {
    const sent = await author.api.post(`/api/client/common/grupos/${grupoId}/mensagens`, { data: { mensagem }, headers: key() });
    expect(sent.status()).toBe(201);
    if (mensagem.includes('spam')) {
      const id = ((await sent.json()) as { mensagem: { id: string } }).mensagem.id;
      expect((await report(reporter, 'mensagem', id, 'Spam')).status()).toBe(201);
    }
  }

  for (const [lang, origin] of [
    ['pt', PT_ORIGIN],
    ['en', EN_ORIGIN],
  ] as const) {
    // One page per person and language, checked at both widths by resizing it.
    const page = await pageFor(browser, MODERADOR, PHONE, origin);
    const shot = { lang, dir: SHOTS, fullPage: true };
    await page.goto(`${origin}/moderador/notifications`);
    await expect(page.locator('.mod-card').first()).toBeVisible();
    await checkScreen(page, { name: 'reports', ...shot });

    await page.goto(`${origin}/moderador/grupos/${grupoId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grupo Moderado');
    await expect(page.locator('.mod-context li')).toHaveCount(1);
    await checkScreen(page, { name: 'group', ...shot });

    await page.goto(`${origin}/moderador/conversas`);
    await expect(page.locator('.mod-conversation').first()).toBeVisible();
    await checkScreen(page, { name: 'conversations', ...shot });

    await page.goto(`${origin}/moderador/conversas/demo`);
    await expect(page.locator('.message').first()).toBeVisible();
    await checkScreen(page, { name: 'conversation', ...shot });
    await page.context().close();

    const user = await pageFor(browser, reporter.login, PHONE, origin);
    await user.goto(`${origin}/${author.user.nomeUsuario}`);
    await user.locator('.mod-report-button').click();
    await expect(user.getByRole('dialog')).toBeVisible();
    await user.getByRole('dialog').locator('button[type=submit]').click();
    await expect(user.getByRole('dialog').locator('.field-error')).toBeVisible();
    await checkScreen(user, { name: 'report-dialog', lang, dir: SHOTS });
    await user.context().close();
  }
});
