import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { checkScreen, DESKTOP } from './support/a11y.ts';
import { upcomingEvents } from './support/betting.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, signIn, waitForServiceWorker } from './support/helpers.ts';
import { createSlipThroughApi, newPerson, type Person, pageFor } from './support/people.ts';
import { setPhoneOffline } from './support/offline.ts';

// A slip shared into a chat from the share dialog (online and offline, exactly once), and the slip
// card the other member sees in the chat, which copies into their builder with the copy rule of SPEC §4.

const SHOTS = process.env.SHARE_SHOTS ?? '/tmp/shots-share';




/** A first message from `from` to `to`, so the conversation is in both lists. */
async function startConversation(from: Person, to: Person): Promise<string> {
  const sent = await from.api.post(`/api/client/common/conversas/com/${to.user.nomeUsuario}/mensagens`, {
    data: { mensagem: 'Olá! Vê esta ficha.', imagens: [] },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(sent.status()).toBe(201);
  return ((await sent.json()) as { mensagem: { chatId: string } }).mensagem.chatId;
}

/** The shares of `slipId` in a conversation, as the server holds them. */
async function sharesOnServer(api: APIRequestContext, conversaId: string, slipId: string): Promise<number> {
  const response = await api.get(`/api/client/common/conversas/${conversaId}/mensagens?size=100`);
  expect(response.status()).toBe(200);
  const { mensagens } = (await response.json()) as { mensagens: { recurso: { id: string } | null }[] };
  return mensagens.filter((message) => message.recurso?.id === slipId).length;
}

test('a slip shared from its page into a direct chat shows as a card to the other user, who copies it into the builder', async ({ browser }) => {
  // Three people's browsers sign in one after the other.
  test.slow();
  const ana = await newPerson('92');
  const bruno = await newPerson('92');
  const events = await upcomingEvents(await (await browser.newContext()).newPage(), 2, 6);
  const slipId = await createSlipThroughApi(ana, events);
  const conversaId = await startConversation(ana, bruno);

  // Ana opens her slip and shares it with Bruno from the dialog's Conversas list.
  const page = await pageFor(browser, ana, DESKTOP);
  await page.goto(`${PT_ORIGIN}/dashboard/fichas/${slipId}`);
  await page.getByRole('main').getByRole('button', { name: 'Partilhar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Partilhar ficha' });
  await expect(dialog.getByRole('tab', { name: 'Conversas' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tab', { name: 'Grupos' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Salas de jogos' })).toBeVisible();
  await dialog.getByRole('button', { name: `Partilhar com ${bruno.user.nome}` }).click();
  await expect(page.getByText('Partilha bem sucedida')).toBeVisible();
  await expect(dialog.getByText('Partilhada', { exact: true })).toBeVisible();
  expect(await sharesOnServer(ana.api, conversaId, slipId)).toBe(1);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);

  // Bruno sees the card in the chat: author, the selections with their odds, the totals.
  const other = await pageFor(browser, bruno, DESKTOP);
  await other.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/${ana.user.nomeUsuario}`);
  const card = other.getByRole('article', { name: `Ficha partilhada de ${ana.user.nome}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(`@${ana.user.nomeUsuario}`)).toBeVisible();
  for (const event of events) await expect(card.getByText(`${event.home_name} – ${event.away_name}`)).toBeVisible();
  await expect(card.locator('.slip-leg-odds')).toHaveCount(2);
  await expect(card.locator('.slip-leg-odds').first()).toHaveText(/^\d+\.\d\d$/);
  await expect(card.getByText('250 Kz')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Abrir ficha' })).toHaveAttribute('href', `/${ana.user.nomeUsuario}/fichas/${slipId}`);

  const panel = other.getByRole('complementary', { name: /Ficha/ });
  await expect(panel.locator('.panel-count')).toHaveText('0');
  await card.getByRole('button', { name: 'Copiar para a minha ficha' }).click();
  await expect(other.getByText('2 selecções copiadas para a sua ficha.')).toBeVisible();
  await expect(panel.locator('.panel-count')).toHaveText('2');
  for (const event of events) await expect(panel.getByText(`${event.home_name} – ${event.away_name}`)).toBeVisible();
  // Copying again leaves both out: their events are in the slip already.
  await card.getByRole('button', { name: 'Copiar para a minha ficha' }).click();
  await expect(other.getByText('Nenhuma selecção copiada. 2 ficaram de fora: 2 já estavam na sua ficha.')).toBeVisible();
  await expect(panel.locator('.panel-count')).toHaveText('2');

  // The card opens the slip's public view.
  await card.getByRole('link', { name: 'Abrir ficha' }).click();
  await expect(other).toHaveURL(`${PT_ORIGIN}/${ana.user.nomeUsuario}/fichas/${slipId}`);
  await expect(other.getByRole('heading', { level: 1 })).toContainText(ana.user.nomeUsuario);

  // Hidden by its author, the slip is no longer shown in the chat (here on a phone that had not seen it yet).
  const hidden = await ana.api.patch(`/api/client/apostador/fichas/${slipId}/ocultar`, { headers: { 'Idempotency-Key': `e2e:${randomUUID()}` } });
  expect(hidden.status()).toBe(200);
  const later = await pageFor(browser, bruno, PHONE);
  await later.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/${ana.user.nomeUsuario}`);
  await expect(later.getByText('Esta ficha já não está disponível')).toBeVisible();
  await Promise.all([ana.api.dispose(), bruno.api.dispose(), page.context().close(), other.context().close(), later.context().close()]);
});

test('a slip shared into an open group both belong to shows as a card in the group chat', async ({ browser }) => {
  test.slow();
  const ana = await newPerson('92');
  const bruno = await newPerson('92');
  const events = await upcomingEvents(await (await browser.newContext()).newPage(), 2, 16);
  const slipId = await createSlipThroughApi(ana, events);
  const nome = `Palpites ${randomUUID().slice(0, 6)}`;
  const created = await ana.api.post('/api/client/common/grupos/criarGrupo', {
    data: { nome, privado: false },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(created.status()).toBe(201);
  const grupoId = ((await created.json()) as { grupo: { id: string } }).grupo.id;
  const joined = await bruno.api.get(`/api/client/common/grupos/${grupoId}/entrar`, { headers: { 'Idempotency-Key': `e2e:${randomUUID()}` } });
  expect(joined.status()).toBe(200);

  const page = await pageFor(browser, ana, PHONE);
  await page.goto(`${PT_ORIGIN}/dashboard/fichas/${slipId}`);
  await page.getByRole('main').getByRole('button', { name: 'Partilhar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Partilhar ficha' });
  await dialog.getByRole('tab', { name: 'Grupos' }).click();
  await dialog.getByRole('button', { name: `Partilhar com ${nome}` }).click();
  await expect(page.getByText('Partilha bem sucedida')).toBeVisible();
  // A group the user must pay for is offered disabled, with why.
  const paid = dialog.getByRole('listitem').filter({ hasText: 'Subscreve este grupo para partilhar nele' }).first();
  await expect(paid.getByRole('button', { name: /^Partilhar com / })).toBeDisabled();

  const other = await pageFor(browser, bruno, PHONE);
  await other.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos/${grupoId}`);
  const card = other.getByRole('article', { name: `Ficha partilhada de ${ana.user.nome}` });
  for (const event of events) await expect(card.getByText(`${event.home_name} – ${event.away_name}`)).toBeVisible();
  await card.getByRole('button', { name: 'Copiar para a minha ficha' }).click();
  await expect(other.getByText('2 selecções copiadas para a sua ficha.')).toBeVisible();
  await Promise.all([ana.api.dispose(), bruno.api.dispose(), page.context().close(), other.context().close()]);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a share made offline from my slips is saved on the phone and delivered exactly once after reconnecting', async ({ page, context }) => {
    const ana = await newPerson('92');
    const bruno = await newPerson('92');
    const events = await upcomingEvents(page, 1, 8);
    const slipId = await createSlipThroughApi(ana, events);
    const conversaId = await startConversation(ana, bruno);

    await signIn(page, PT_ORIGIN, ana.login);
    await waitForServiceWorker(page);
    // Seen once online, the lists are on the phone for the share dialog.
    await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas`);
    await expect(page.getByRole('link', { name: new RegExp(bruno.user.nome) })).toBeVisible();
    await page.goto(`${PT_ORIGIN}/dashboard/fichas`);
    const row = page.getByRole('article').filter({ hasText: `${events[0]?.home_name} – ${events[0]?.away_name}` });
    await expect(row).toBeVisible();

    await setPhoneOffline(context, true);
    await row.getByRole('button', { name: 'Partilhar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Partilhar ficha' });
    await expect(dialog.getByText('Sem ligação: a partilha fica guardada neste telemóvel e é enviada quando houver ligação.')).toBeVisible();
    await dialog.getByRole('button', { name: `Partilhar com ${bruno.user.nome}` }).click();
    await expect(page.getByText('Partilha guardada neste telemóvel. Será enviada quando houver ligação.')).toBeVisible();
    await expect(dialog.getByText('Guardada neste telemóvel, por enviar')).toBeVisible();
    expect(await sharesOnServer(bruno.api, conversaId, slipId)).toBe(0);

    await setPhoneOffline(context, false);
    await expect(page.getByText('Partilha bem sucedida')).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText('Partilhada', { exact: true })).toBeVisible();
    expect(await sharesOnServer(bruno.api, conversaId, slipId)).toBe(1);
    await page.reload();
    await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/${bruno.user.nomeUsuario}`);
    await expect(page.getByRole('article', { name: `Ficha partilhada de ${ana.user.nome}` })).toHaveCount(1);
    expect(await sharesOnServer(bruno.api, conversaId, slipId)).toBe(1);
    await Promise.all([ana.api.dispose(), bruno.api.dispose()]);
  });
});

test('the share dialog and the slip card at 360 and 1280 px, pt and en, have no serious axe violation', async ({ browser }) => {
  test.slow();
  const ana = await newPerson('92');
  const bruno = await newPerson('92');
  const events = await upcomingEvents(await (await browser.newContext()).newPage(), 3, 10);
  const slipId = await createSlipThroughApi(ana, events);
  const conversaId = await startConversation(ana, bruno);
  const shared = await ana.api.get(`/api/client/common/conversas/${conversaId}/shareToChat?resourceType=ficha&resourceId=${slipId}`, {
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(shared.status()).toBe(200);
  for (const [lang, origin] of [
    ['pt', PT_ORIGIN],
    ['en', EN_ORIGIN],
  ] as const) {
    // One page per person and language, checked at both widths by resizing it.
    const page = await pageFor(browser, ana, PHONE, origin);
    await page.goto(`${origin}/dashboard/fichas/${slipId}`);
    await page.getByRole('main').getByRole('button', { name: /^(Partilhar|Share)$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab').first()).toBeVisible();
    await expect(dialog.getByText(bruno.user.nome)).toBeVisible();
    await checkScreen(page, { name: 'dialog', lang, dir: SHOTS });
    await dialog.getByRole('tab').nth(1).click();
    await expect(dialog.getByRole('listitem').first()).toBeVisible();
    await checkScreen(page, { name: 'dialog-groups', lang, dir: SHOTS });
    await page.context().close();

    const other = await pageFor(browser, bruno, PHONE, origin);
    await other.goto(`${origin}/dashboard/comunidade/conversas/${ana.user.nomeUsuario}`);
    const card = other.getByRole('article').filter({ hasText: `@${ana.user.nomeUsuario}` });
    await expect(card.locator('.slip-leg')).toHaveCount(3);
    await checkScreen(other, { name: 'card', lang, dir: SHOTS, fullPage: true });
    await other.context().close();
  }
  await Promise.all([ana.api.dispose(), bruno.api.dispose()]);
});
